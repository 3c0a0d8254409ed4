/**
 * Sandbox Dev Wallet: a TON Connect injected bridge (window.devwallet.tonconnect, protocol v2) for the
 * sandbox, served as-is (no build step, no dependencies) and injected into the app's index.html in
 * sandbox mode only, before the app's scripts (docs/foundations.md §2).
 *
 * The keys live on the server (server/sandbox/wallet/): this script asks the user in an overlay and
 * forwards approved requests to /sandbox/api/wallet/*, proving who it is with the Telegram init data
 * the page was launched with. Shapes follow @tonconnect/sdk's InjectedProvider: connect() and
 * restoreConnection() resolve a connect event, send() resolves {result, id} or {error, id}.
 */
(function () {
  'use strict';
  if (window.devwallet) return;

  var ORIGIN = window.location.origin;
  // The phone-style Dev Wallet's page (mobile-wallet.html) runs this same wallet under its own name, device
  // and storage: window.devwalletOptions, set before this script.
  var options = window.devwalletOptions || {};
  var NAME = options.name || 'Dev Wallet';
  var APP_NAME = options.appName || 'devwallet';
  var STORAGE_PREFIX = options.storagePrefix || 'devwallet';
  var API = '/sandbox/api/wallet';
  var PLATFORMS = ['ios', 'android', 'chrome', 'firefox', 'safari', 'macos', 'windows', 'linux'];
  var FEATURES = ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }];
  var ERROR_SHOWN_MS = 2500;
  // TON Connect error codes (connect events and send answers).
  var UNKNOWN_ERROR = 0;
  var BAD_REQUEST = 1;
  var UNKNOWN_APP = 100;
  var USER_DECLINED = 300;
  var METHOD_NOT_SUPPORTED = 400;

  var deviceInfo = {
    platform: options.platform || 'browser',
    appName: options.appName ? APP_NAME : NAME,
    appVersion: '1.0.0',
    maxProtocolVersion: 2,
    features: FEATURES,
  };
  var walletInfo = {
    name: NAME,
    app_name: APP_NAME,
    image: options.image || ORIGIN + '/sandbox/dev-wallet.svg',
    about_url: ORIGIN + '/sandbox/',
    platforms: PLATFORMS,
    features: FEATURES,
  };

  // ---- figures: the app's own formatter (src/shared/lib/format, served as /sandbox/format.js) ----

  // A URL the browser loads, not a module of this tree: a variable, so import checks do not try to resolve it.
  var FORMAT_SCRIPT = '/sandbox/format.js';
  var format = null;
  var formatLoaded = import(FORMAT_SCRIPT).then(
    function (module) {
      format = module;
    },
    function () {
      // Without it the overlay still works, showing figures as the server sent them.
    },
  );

  function shortAddress(address) {
    return format && address ? format.shortenAddress(address) : address || '';
  }

  /** A balance as the app shows it (4 decimals); what a message sends stays exact, to the nanoton. */
  function tonBalance(amount) {
    return format ? format.formatTon(amount, 'en') : amount + ' TON';
  }

  // ---- Telegram launch data ---------------------------------------------------------------------

  function paramsFromHash(hash) {
    var params = new URLSearchParams((hash || '').replace(/^#/, ''));
    var result = {};
    params.forEach(function (value, key) {
      result[key] = value;
    });
    return result;
  }
  // Kept from the first load: the app's router may rewrite the URL later.
  var launchHash = paramsFromHash(window.location.hash);

  /** The launch params this page runs with: the URL hash, else what the Telegram SDK kept in sessionStorage. */
  function launchParams() {
    var current = paramsFromHash(window.location.hash);
    if (current.tgWebAppData) return current;
    if (launchHash.tgWebAppData) return launchHash;
    try {
      var stored = JSON.parse(window.sessionStorage.getItem('__telegram__initParams') || 'null');
      if (stored && stored.tgWebAppData) return stored;
    } catch (error) {
      /* no sessionStorage or not JSON */
    }
    return {};
  }

  function initData() {
    return launchParams().tgWebAppData || '';
  }

  function telegramUserId() {
    try {
      var user = JSON.parse(new URLSearchParams(initData()).get('user') || 'null');
      return user && user.id ? String(user.id) : null;
    } catch (error) {
      return null;
    }
  }

  function themeParams() {
    var raw = launchParams().tgWebAppThemeParams;
    try {
      return (typeof raw === 'string' ? JSON.parse(raw) : raw) || {};
    } catch (error) {
      return {};
    }
  }

  // ---- language ---------------------------------------------------------------------------------

  var TEXTS = {
    en: {
      wantsToConnect: '{app} wants to connect',
      address: 'Address',
      balance: 'Balance',
      sharesProof: 'Shares your address and a signed proof that you own it.',
      sharesAddress: 'Shares your wallet address.',
      connect: 'Connect',
      connecting: 'Connecting…',
      decline: 'Decline',
      confirmTransaction: 'Confirm transaction',
      transactionRefused: 'Transaction refused',
      approve: 'Approve',
      sending: 'Sending…',
      total: 'Total',
      to: 'To {address}',
      withPayload: 'With a payload (not a text comment)',
      deploys: 'Deploys a contract (stateInit)',
      message: 'Message {number}',
      network: 'testnet · sandbox',
      waiting: 'Connected to {app}. Requests from the app appear here.',
      notConnected: 'Open this wallet from an app’s Connect Wallet.',
      back: 'Back to {app}',
      answered: 'Done. You can go back to {app}.',
      declined: 'Declined. You can go back to {app}.',
      linkBroken: 'This link is not a TON Connect request.',
      sessionMissing: 'This app is not connected to this wallet.',
      theApp: 'the app',
    },
    ru: {
      wantsToConnect: '{app} запрашивает подключение',
      address: 'Адрес',
      balance: 'Баланс',
      sharesProof: 'Передаёт ваш адрес и подписанное подтверждение, что он ваш.',
      sharesAddress: 'Передаёт адрес вашего кошелька.',
      connect: 'Подключить',
      connecting: 'Подключение…',
      decline: 'Отклонить',
      confirmTransaction: 'Подтвердите перевод',
      transactionRefused: 'Перевод отклонён',
      approve: 'Подтвердить',
      sending: 'Отправка…',
      total: 'Итого',
      to: 'Кому {address}',
      withPayload: 'С данными (не текстовый комментарий)',
      deploys: 'Развёртывает контракт (stateInit)',
      message: 'Сообщение {number}',
      network: 'testnet · песочница',
      waiting: 'Подключено к {app}. Запросы приложения появятся здесь.',
      notConnected: 'Откройте кошелёк через «Подключить кошелёк» в приложении.',
      back: 'Вернуться в {app}',
      answered: 'Готово. Можно вернуться в {app}.',
      declined: 'Отклонено. Можно вернуться в {app}.',
      linkBroken: 'Эта ссылка не запрос TON Connect.',
      sessionMissing: 'Это приложение не подключено к кошельку.',
      theApp: 'приложение',
    },
  };

  /**
   * The user's language, as the Mini App shows it: the page's lang (the app sets it to its locale),
   * else Telegram's language_code from the launch data (Russian for ru and its regional forms).
   */
  function language() {
    var page = (document.documentElement.lang || '').toLowerCase();
    if (page === 'ru' || page === 'en') return page;
    try {
      var user = JSON.parse(new URLSearchParams(initData()).get('user') || 'null');
      var code = user && typeof user.language_code === 'string' ? user.language_code.toLowerCase() : '';
      return code === 'ru' || code.indexOf('ru-') === 0 ? 'ru' : 'en';
    } catch (error) {
      return 'en';
    }
  }

  /** The text `key` in the user's language, with `{name}` placeholders filled. */
  function t(key, values) {
    var text = TEXTS[language()][key];
    return text.replace(/\{(\w+)\}/g, function (match, name) {
      return values && values[name] !== undefined ? String(values[name]) : match;
    });
  }

  // ---- stored connection (per Telegram user) ----------------------------------------------------

  var memoryStore = {};
  function storageGet(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      return memoryStore[key] === undefined ? null : memoryStore[key];
    }
  }
  function storageSet(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch (error) {
      if (value === null) delete memoryStore[key];
      else memoryStore[key] = value;
    }
  }

  function connectionKey() {
    var id = telegramUserId();
    return id ? STORAGE_PREFIX + ':connection:' + id : null;
  }
  function loadConnection() {
    var key = connectionKey();
    if (!key) return null;
    try {
      var stored = JSON.parse(storageGet(key) || 'null');
      return stored && stored.tonAddr && stored.device ? stored : null;
    } catch (error) {
      return null;
    }
  }
  function saveConnection(connection) {
    var key = connectionKey();
    if (key) storageSet(key, JSON.stringify(connection));
  }
  function clearConnection() {
    var key = connectionKey();
    if (key) storageSet(key, null);
  }

  function nextEventId() {
    var id = Number(storageGet(STORAGE_PREFIX + ':event-id') || '0') + 1;
    storageSet(STORAGE_PREFIX + ':event-id', String(id));
    return id;
  }

  // ---- server -----------------------------------------------------------------------------------

  function api(method, path, body) {
    return fetch(path, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return {};
        })
        .then(function (data) {
          if (response.ok) return data;
          var error = new Error(data.msg || 'Dev wallet server answered ' + response.status);
          error.status = response.status;
          throw error;
        });
    });
  }

  function fetchWallet() {
    return api('GET', API + '?init_data=' + encodeURIComponent(initData()));
  }

  /** The dApp's name from its manifest; its host when the manifest cannot be read. */
  function manifestAppName(manifestUrl) {
    var fallback = manifestUrl;
    try {
      fallback = new URL(manifestUrl, ORIGIN).host;
    } catch (error) {
      /* keep the text */
    }
    var controller = typeof AbortController === 'function' ? new AbortController() : null;
    var timer = setTimeout(function () {
      if (controller) controller.abort();
    }, 5000);
    return fetch(manifestUrl, controller ? { signal: controller.signal } : {})
      .then(function (response) {
        return response.ok ? response.json() : {};
      })
      .then(function (manifest) {
        return manifest && typeof manifest.name === 'string' && manifest.name ? manifest.name : fallback;
      })
      .catch(function () {
        return fallback;
      })
      .finally(function () {
        clearTimeout(timer);
      });
  }

  // ---- overlay ----------------------------------------------------------------------------------

  function css(theme) {
    var bg = theme.bg_color || '#ffffff';
    var text = theme.text_color || '#1c1d21';
    var hint = theme.hint_color || '#6b6f7a';
    var second = theme.secondary_bg_color || '#f1f2f5';
    var button = theme.button_color || '#0a84ff';
    var buttonText = theme.button_text_color || '#ffffff';
    var danger = theme.destructive_text_color || '#d93025';
    return (
      ':host { all: initial; }' +
      '.backdrop { position: fixed; inset: 0; background: rgba(0, 0, 0, .5); display: flex; align-items: flex-end; justify-content: center;' +
      '  font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: ' +
      text +
      '; animation: fade .15s ease-out; }' +
      '.card { box-sizing: border-box; width: 100%; max-width: 480px; max-height: 92vh; overflow-y: auto; background: ' +
      bg +
      ';' +
      '  border-radius: 18px 18px 0 0; padding: 18px 18px calc(18px + env(safe-area-inset-bottom, 0px)); box-shadow: 0 -8px 30px rgba(0,0,0,.25);' +
      '  animation: rise .18s ease-out; outline: none; }' +
      '.brand { display: flex; align-items: center; gap: 8px; font-size: 13px; color: ' +
      hint +
      '; margin-bottom: 12px; }' +
      '.brand img { width: 24px; height: 24px; border-radius: 6px; }' +
      '.net { margin-left: auto; font-size: 11px; padding: 2px 8px; border-radius: 999px; background: ' +
      second +
      '; }' +
      'h2 { font-size: 19px; line-height: 1.3; margin: 0 0 14px; font-weight: 650; word-break: break-word; }' +
      '.rows { display: grid; gap: 8px; margin-bottom: 16px; }' +
      '.row { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; background: ' +
      second +
      '; border-radius: 12px; padding: 10px 12px; }' +
      '.row .label { color: ' +
      hint +
      '; font-size: 13px; flex: none; }' +
      '.row .value { text-align: right; font-weight: 550; word-break: break-all; font-variant-numeric: tabular-nums; }' +
      '.message { background: ' +
      second +
      '; border-radius: 12px; padding: 10px 12px; display: grid; gap: 4px; }' +
      '.message .line { display: flex; justify-content: space-between; gap: 12px; }' +
      '.message .to { color: ' +
      hint +
      '; font-size: 13px; }' +
      '.message .amount { font-weight: 650; font-variant-numeric: tabular-nums; }' +
      '.message .comment { font-size: 13px; word-break: break-word; }' +
      '.message .note { font-size: 12px; color: ' +
      hint +
      '; }' +
      '.hint { color: ' +
      hint +
      '; font-size: 13px; margin: -6px 0 14px; }' +
      '.error { color: ' +
      danger +
      '; font-size: 14px; margin: 0 0 14px; }' +
      '.error[hidden] { display: none; }' +
      '.actions { display: flex; gap: 10px; }' +
      'button { flex: 1; min-height: 50px; font: inherit; font-weight: 600; border-radius: 12px; border: 0; cursor: pointer; padding: 0 12px; }' +
      'button.primary { background: ' +
      button +
      '; color: ' +
      buttonText +
      '; }' +
      'button.secondary { background: ' +
      second +
      '; color: ' +
      text +
      '; }' +
      'button:disabled { opacity: .55; cursor: default; }' +
      'button:focus-visible { outline: 2px solid ' +
      button +
      '; outline-offset: 2px; }' +
      '@keyframes fade { from { opacity: 0; } }' +
      '@keyframes rise { from { transform: translateY(40px); } }'
    );
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function row(label, value, testId, title) {
    var line = el('div', 'row');
    var valueNode = el('span', 'value', value);
    if (testId) valueNode.setAttribute('data-testid', testId);
    if (title) valueNode.title = title;
    line.append(el('span', 'label', label), valueNode);
    return line;
  }

  /**
   * One overlay on top of everything: a bottom sheet with a title, content and two buttons.
   * Resolves with 'primary' or 'secondary' (Escape = secondary); `dialog` can show errors and close.
   */
  function openOverlay(options) {
    var host = document.createElement('div');
    host.id = 'devwallet-overlay';
    host.style.cssText = 'position:fixed;inset:0;z-index:2147483647;';
    var root = host.attachShadow({ mode: 'open' });
    // A real wallet signs in its own window, so the page never sees those clicks and keys; without this
    // the wallet UI's "outside click" closes its "confirm in your wallet" modal and aborts the request.
    ['click', 'pointerdown', 'mousedown', 'keydown'].forEach(function (type) {
      host.addEventListener(type, function (event) {
        event.stopPropagation();
      });
    });
    var style = el('style');
    style.textContent = css(themeParams());
    var backdrop = el('div', 'backdrop');
    var card = el('div', 'card');
    card.setAttribute('role', 'dialog');
    card.setAttribute('aria-modal', 'true');
    card.setAttribute('aria-label', NAME);
    card.lang = language();
    card.tabIndex = -1;

    var brand = el('div', 'brand');
    var logo = el('img');
    logo.src = walletInfo.image;
    logo.alt = '';
    brand.append(logo, el('span', '', NAME), el('span', 'net', t('network')));
    var title = el('h2', '', options.title);
    title.id = 'devwallet-title';
    var error = el('p', 'error');
    error.setAttribute('role', 'alert');
    error.setAttribute('data-testid', 'devwallet-error');
    error.hidden = true;
    var actions = el('div', 'actions');
    var secondary = el('button', 'secondary', options.secondary);
    secondary.type = 'button';
    var primary = el('button', 'primary', options.primary);
    primary.type = 'button';
    actions.append(secondary, primary);
    card.append(brand, title);
    for (var i = 0; i < options.content.length; i++) card.append(options.content[i]);
    card.append(error, actions);
    backdrop.append(card);
    root.append(style, backdrop);
    (document.body || document.documentElement).append(host);
    if (options.primaryDisabled) primary.disabled = true;
    (primary.disabled ? secondary : primary).focus();

    var settle;
    var choice = new Promise(function (resolve) {
      settle = resolve;
    });
    primary.addEventListener('click', function () {
      settle('primary');
    });
    secondary.addEventListener('click', function () {
      settle('secondary');
    });
    card.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && !secondary.disabled) settle('secondary');
    });

    return {
      choice: choice,
      busy: function (label) {
        primary.disabled = true;
        secondary.disabled = true;
        primary.textContent = label;
      },
      /** Shows the error, then closes after a moment. */
      fail: function (message) {
        error.textContent = message;
        error.hidden = false;
        primary.disabled = true;
        secondary.disabled = true;
        return new Promise(function (resolve) {
          setTimeout(resolve, ERROR_SHOWN_MS);
        }).then(function () {
          host.remove();
        });
      },
      close: function () {
        host.remove();
      },
    };
  }

  // One request at a time: a second one waits until the first is answered.
  var queue = Promise.resolve();
  function exclusive(task) {
    var run = queue.then(task, task);
    queue = run.catch(function () {});
    return run;
  }

  // ---- connect ----------------------------------------------------------------------------------

  function connectError(id, code, message) {
    return { event: 'connect_error', id: id, payload: { code: code, message: message } };
  }

  function connect(protocolVersion, message) {
    return exclusive(function () {
      var id = nextEventId();
      if (!message || typeof message.manifestUrl !== 'string' || !Array.isArray(message.items)) {
        return connectError(id, BAD_REQUEST, 'Bad connect request');
      }
      if (Number(protocolVersion) > deviceInfo.maxProtocolVersion) {
        return connectError(id, BAD_REQUEST, 'Unsupported protocol version ' + protocolVersion);
      }
      var asksProof = message.items.some(function (item) {
        return item && item.name === 'ton_proof';
      });
      return Promise.all([
        manifestAppName(message.manifestUrl),
        formatLoaded,
        fetchWallet().catch(function (error) {
          return { error: error };
        }),
      ]).then(function (loaded) {
        var appName = loaded[0];
        var wallet = loaded[2];
        var content = [];
        if (!wallet.error) {
          var rows = el('div', 'rows');
          rows.append(
            row(t('address'), shortAddress(wallet.address), 'devwallet-address', wallet.address),
            row(t('balance'), tonBalance(wallet.balance), 'devwallet-balance'),
          );
          content.push(rows);
          content.push(el('p', 'hint', t(asksProof ? 'sharesProof' : 'sharesAddress')));
        }
        var overlay = openOverlay({
          title: t('wantsToConnect', { app: appName }),
          content: content,
          primary: t('connect'),
          secondary: t('decline'),
          primaryDisabled: Boolean(wallet.error),
        });
        if (wallet.error) {
          return overlay.fail(wallet.error.message).then(function () {
            return connectError(id, UNKNOWN_ERROR, wallet.error.message);
          });
        }
        return overlay.choice.then(function (choice) {
          if (choice !== 'primary') {
            overlay.close();
            return connectError(id, USER_DECLINED, 'User declined the connection');
          }
          overlay.busy(t('connecting'));
          return api('POST', API + '/connect', {
            init_data: initData(),
            manifest_url: message.manifestUrl,
            items: message.items,
          }).then(
            function (payload) {
              var tonAddr = payload.items.filter(function (item) {
                return item.name === 'ton_addr';
              })[0];
              saveConnection({ tonAddr: tonAddr, device: payload.device, manifestUrl: message.manifestUrl });
              overlay.close();
              return { event: 'connect', id: id, payload: payload };
            },
            function (error) {
              return overlay.fail(error.message).then(function () {
                return connectError(
                  id,
                  error.status && error.status < 500 ? BAD_REQUEST : UNKNOWN_ERROR,
                  error.message,
                );
              });
            },
          );
        });
      });
    });
  }

  /** No UI: answers from the stored connection, after checking the server still has that wallet. */
  function restoreConnection() {
    var id = nextEventId();
    var stored = loadConnection();
    if (!stored) return Promise.resolve(connectError(id, UNKNOWN_ERROR, 'Dev Wallet has no stored connection'));
    var restored = { event: 'connect', id: id, payload: { items: [stored.tonAddr], device: stored.device } };
    return fetchWallet().then(
      function (wallet) {
        if (wallet.raw === stored.tonAddr.address) return restored;
        clearConnection();
        return connectError(id, UNKNOWN_ERROR, 'The stored Dev Wallet connection is for another wallet');
      },
      function (error) {
        // The server refused (a reset sandbox, other init data): forget it. Unreachable: keep it.
        if (!error.status) return restored;
        clearConnection();
        return connectError(id, UNKNOWN_ERROR, error.message);
      },
    );
  }

  // ---- send -------------------------------------------------------------------------------------

  function sendError(id, code, message) {
    return { error: { code: code, message: message }, id: id };
  }

  function messageView(message, index) {
    var box = el('div', 'message');
    box.setAttribute('data-testid', 'devwallet-message');
    var line = el('div', 'line');
    var to = el('span', 'to', t('to', { address: shortAddress(message.address) }));
    to.title = message.address;
    line.append(to, el('span', 'amount', message.amount + '\u00A0TON'));
    box.append(line);
    if (message.comment !== null) box.append(el('div', 'comment', '“' + message.comment + '”'));
    else if (message.has_payload) box.append(el('div', 'note', t('withPayload')));
    if (message.has_state_init) box.append(el('div', 'note', t('deploys')));
    box.setAttribute('aria-label', t('message', { number: index + 1 }));
    return box;
  }

  function sumTon(amounts) {
    // Whole-TON decimal strings with up to 9 decimals, summed exactly in nanotons.
    var total = amounts.reduce(function (sum, text) {
      var parts = String(text).split('.');
      return sum + BigInt(parts[0]) * 1000000000n + BigInt(((parts[1] || '') + '000000000').slice(0, 9));
    }, 0n);
    var whole = total / 1000000000n;
    var fraction = (total % 1000000000n).toString().padStart(9, '0').replace(/0+$/, '');
    return whole + (fraction ? '.' + fraction : '');
  }

  function sendTransaction(params, id) {
    var request;
    try {
      request = JSON.parse(params && params[0]);
    } catch (error) {
      return Promise.resolve(sendError(id, BAD_REQUEST, 'Bad request: params[0] is not JSON'));
    }
    if (!loadConnection())
      return Promise.resolve(sendError(id, UNKNOWN_APP, 'Dev Wallet is not connected to this app'));
    var body = { init_data: initData(), request: request };
    return Promise.all([api('POST', API + '/preview', body), formatLoaded])
      .then(function (loaded) {
        return loaded[0];
      })
      .then(
        function (preview) {
          var content = [];
          var list = el('div', 'rows');
          preview.messages.forEach(function (message, index) {
            list.append(messageView(message, index));
          });
          content.push(list);
          var totals = el('div', 'rows');
          totals.append(
            row(
              t('total'),
              sumTon(
                preview.messages.map(function (m) {
                  return m.amount;
                }),
              ) + '\u00A0TON',
              'devwallet-total',
            ),
            row(t('balance'), tonBalance(preview.balance), 'devwallet-balance'),
          );
          content.push(totals);
          var overlay = openOverlay({
            title: t('confirmTransaction'),
            content: content,
            primary: t('approve'),
            secondary: t('decline'),
          });
          return overlay.choice.then(function (choice) {
            if (choice !== 'primary') {
              overlay.close();
              return sendError(id, USER_DECLINED, 'User declined the transaction');
            }
            overlay.busy(t('sending'));
            return api('POST', API + '/send', body).then(
              function (sent) {
                overlay.close();
                return { result: sent.boc, id: id };
              },
              function (error) {
                return overlay.fail(error.message).then(function () {
                  return sendError(id, error.status && error.status < 500 ? BAD_REQUEST : UNKNOWN_ERROR, error.message);
                });
              },
            );
          });
        },
        function (error) {
          // Refused before asking (expired, wrong network, bad address…): say why, briefly.
          var overlay = openOverlay({
            title: t('transactionRefused'),
            content: [],
            primary: t('approve'),
            secondary: t('decline'),
            primaryDisabled: true,
          });
          return overlay.fail(error.message).then(function () {
            return sendError(id, error.status && error.status < 500 ? BAD_REQUEST : UNKNOWN_ERROR, error.message);
          });
        },
      );
  }

  function send(message) {
    var id = message && message.id;
    if (!message || typeof message.method !== 'string')
      return Promise.resolve(sendError(id, BAD_REQUEST, 'Bad request'));
    if (message.method === 'sendTransaction') {
      return exclusive(function () {
        return sendTransaction(message.params, id);
      });
    }
    if (message.method === 'disconnect') {
      clearConnection();
      return Promise.resolve({ result: {}, id: id });
    }
    return Promise.resolve(
      sendError(id, METHOD_NOT_SUPPORTED, 'Method ' + message.method + ' is not supported by Dev Wallet'),
    );
  }

  // ---- the bridge -------------------------------------------------------------------------------

  var listeners = [];

  window.devwallet = {
    tonconnect: {
      deviceInfo: deviceInfo,
      walletInfo: walletInfo,
      protocolVersion: 2,
      isWalletBrowser: false,
      connect: connect,
      restoreConnection: restoreConnection,
      send: send,
      /** The dApp's subscription to wallet events; this wallet only answers, so nothing is emitted yet. */
      listen: function (callback) {
        listeners.push(callback);
        return function () {
          listeners = listeners.filter(function (listener) {
            return listener !== callback;
          });
        };
      },
      disconnect: function () {
        clearConnection();
      },
    },
    /** For the phone-style wallet's page (mobile-wallet.js): the launch data, server calls, texts and figures. */
    sandbox: {
      initData: initData,
      api: api,
      t: t,
      language: language,
      themeParams: themeParams,
      fetchWallet: fetchWallet,
      manifestAppName: manifestAppName,
      formatLoaded: formatLoaded,
      tonBalance: tonBalance,
      shortAddress: shortAddress,
      clearConnection: clearConnection,
    },
  };
})();
