/**
 * The phone-style Dev Wallet's "app" (sandbox only, served as-is): what a wallet Mini App such as
 * Telegram's Wallet does when a dApp opens it by its t.me universal link (docs/foundations.md §2).
 *
 * - The host emulator opens this page with the link's start parameter (`?startapp=tonconnect-…`, the SDK's
 *   encoding of `v`, `id` (the app's session id), `r` (a connect request), `ret`) and the user's launch data.
 * - A connect link: a new wallet session (server/sandbox/wallet/mobile.ts keeps its keys), the user answers in
 *   the same sheet as the injected Dev Wallet's (dev-wallet.js), and the connect event (ton_addr, ton_proof)
 *   goes to the app through the HTTP bridge, encrypted for the app's session.
 * - Then, and on a request's link (only `id`), it listens on the bridge for the session's messages
 *   (/bridge/events with the last event id it handled), asks the user about each sendTransaction once and
 *   sends the answer back through the bridge.
 * - After answering it returns as `ret` says: `back` (or tg://resolve) closes this Mini App, so the dApp is
 *   in front again; a t.me link is opened (Telegram launches that Mini App); `none` stays.
 */
(function () {
  'use strict';
  var wallet = window.devwallet;
  var tools = wallet.sandbox;
  var t = tools.t;
  var API = '/sandbox/api/mobile-wallet';
  var BRIDGE_EVENTS = '/bridge/events';
  var RECONNECT_MS = 2000;
  var PREFIX = 'devwallet-mobile';

  var statusLine = document.getElementById('status');
  var backButton = document.getElementById('back');

  // ---- the host (the emulator plays Telegram) ----------------------------------------------------

  function postToHost(eventType, eventData) {
    if (window.parent === window) return;
    window.parent.postMessage(JSON.stringify({ eventType: eventType, eventData: eventData || {} }), '*');
  }

  function applyTheme() {
    var theme = tools.themeParams();
    var style = document.documentElement.style;
    var set = function (name, value) {
      if (value) style.setProperty(name, value);
    };
    set('--bg', theme.bg_color);
    set('--text', theme.text_color);
    set('--hint', theme.hint_color);
    set('--second', theme.secondary_bg_color);
    set('--button', theme.button_color);
    set('--button-text', theme.button_text_color);
    set('--danger', theme.destructive_text_color);
    document.documentElement.lang = tools.language();
    document.querySelectorAll('[data-text]').forEach(function (node) {
      node.textContent = t(node.getAttribute('data-text'));
    });
  }

  function say(text, isError) {
    statusLine.textContent = text;
    statusLine.classList.toggle('error', Boolean(isError));
  }

  // ---- the link ------------------------------------------------------------------------------------

  /** The SDK's Telegram-link encoding of query parameters (encodeTelegramUrlParameters), undone. */
  function decodeTelegramUrlParameters(text) {
    return text
      .replaceAll('--', '%')
      .replaceAll('__', '=')
      .replaceAll('-', '&')
      .replaceAll('%5F', '_')
      .replaceAll('%2D', '-')
      .replaceAll('%2E', '.');
  }

  /** {id, request, ret} from `?startapp=tonconnect-…`; null when the link is no TON Connect link. */
  function readLink() {
    var startapp = new URLSearchParams(window.location.search).get('startapp') || '';
    if (startapp.indexOf('tonconnect-') !== 0) return null;
    var params = new URLSearchParams(decodeTelegramUrlParameters(startapp.slice('tonconnect-'.length)));
    var id = params.get('id') || '';
    if (!/^[0-9a-fA-F]{64}$/.test(id)) return null;
    var request = null;
    if (params.get('r')) {
      try {
        request = JSON.parse(params.get('r'));
      } catch (error) {
        return null;
      }
    }
    return { id: id.toLowerCase(), request: request, ret: params.get('ret') || 'back' };
  }

  var link = readLink();
  var appName = t('theApp');

  /** Goes back as the link's `ret` says. */
  function returnToApp() {
    if (!link || link.ret === 'none') return;
    if (/^https:\/\/t\.me\//.test(link.ret)) {
      var url = new URL(link.ret);
      postToHost('web_app_open_tg_link', { path_full: url.pathname + url.search });
      return;
    }
    // back, tg://resolve (the SDK's "back" inside Telegram), or anything else: leave this Mini App.
    postToHost('web_app_close', {});
  }

  function offerReturn(text) {
    say(text);
    backButton.textContent = t('back', { app: appName });
    backButton.hidden = false;
    backButton.focus();
  }
  backButton.addEventListener('click', returnToApp);

  // ---- the server's half (sessions, encryption) ----------------------------------------------------

  function call(path, body) {
    body.init_data = tools.initData();
    return tools.api('POST', API + path, body);
  }

  // ---- the bridge ----------------------------------------------------------------------------------

  /** The connected app's name (from its manifest, at connect), for a request's link, which carries no manifest. */
  function appNameKey(appClientId) {
    return PREFIX + ':app-name:' + appClientId;
  }
  function rememberAppName(appClientId, name) {
    try {
      window.localStorage.setItem(appNameKey(appClientId), name);
    } catch (error) {
      /* private mode: "the app" it is */
    }
  }
  function rememberedAppName(appClientId) {
    try {
      return window.localStorage.getItem(appNameKey(appClientId));
    } catch (error) {
      return null;
    }
  }

  function lastEventKey(sessionId) {
    return PREFIX + ':last-event:' + sessionId;
  }
  function readLastEvent(sessionId) {
    try {
      return window.localStorage.getItem(lastEventKey(sessionId));
    } catch (error) {
      return null;
    }
  }
  function keepLastEvent(sessionId, id) {
    try {
      if (id) window.localStorage.setItem(lastEventKey(sessionId), id);
    } catch (error) {
      /* private mode: the server's answered-request check still keeps answers to one */
    }
  }

  /** Requests being asked about or answered in this page: the bridge may deliver one again after a reconnect. */
  var handled = {};
  var work = Promise.resolve();

  function handleRequest(sessionId, delivered) {
    return call('/open', { session_id: sessionId, from: delivered.from, message: delivered.message }).then(
      function (opened) {
        var request = opened.request;
        if (opened.answered || handled[request.id]) return;
        handled[request.id] = true;
        return wallet.tonconnect.send(request).then(function (answer) {
          return call('/send', { session_id: sessionId, message: answer }).then(
            function () {
              if (request.method === 'disconnect') {
                tools.clearConnection();
                return;
              }
              var declined = answer.error && answer.error.code === 300;
              offerReturn(t(declined ? 'declined' : 'answered', { app: appName }));
              returnToApp();
            },
            function (error) {
              if (error.status !== 409) throw error;
            },
          );
        });
      },
    );
  }

  /** Listens for the session's messages, in order, one at a time; reconnects with the last event id it handled. */
  function listen(sessionId) {
    var last = readLastEvent(sessionId);
    var source = new EventSource(
      BRIDGE_EVENTS + '?client_id=' + sessionId + (last ? '&last_event_id=' + encodeURIComponent(last) : ''),
    );
    source.onmessage = function (event) {
      var delivered;
      try {
        delivered = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      var eventId = event.lastEventId;
      work = work
        .then(function () {
          return handleRequest(sessionId, delivered);
        })
        .catch(function (error) {
          say(error.message, true);
        })
        .then(function () {
          keepLastEvent(sessionId, eventId);
        });
    };
    source.onerror = function () {
      // The browser would retry with a Last-Event-ID header; the bridge reads the query, as the SDK sends it.
      source.close();
      setTimeout(function () {
        listen(sessionId);
      }, RECONNECT_MS);
    };
  }

  // ---- connect -------------------------------------------------------------------------------------

  function connect() {
    return call('/session', { app_client_id: link.id, create: true }).then(function (session) {
      return wallet.tonconnect.connect(2, link.request).then(function (event) {
        var message =
          event.event === 'connect'
            ? // The device is this wallet's (dev-wallet.js under devwalletOptions), not the injected one's.
              { event: 'connect', payload: { items: event.payload.items, device: wallet.tonconnect.deviceInfo } }
            : { event: 'connect_error', payload: event.payload };
        return call('/send', { session_id: session.session_id, message: message }).then(function () {
          if (message.event !== 'connect') {
            offerReturn(t('declined', { app: appName }));
            returnToApp();
            return;
          }
          rememberAppName(link.id, appName);
          listen(session.session_id);
          offerReturn(t('waiting', { app: appName }));
          returnToApp();
        });
      });
    });
  }

  function showWallet() {
    return Promise.all([tools.fetchWallet(), tools.formatLoaded]).then(function (loaded) {
      var info = loaded[0];
      var address = document.getElementById('address');
      address.textContent = tools.shortAddress(info.address);
      address.title = info.address;
      document.getElementById('balance').textContent = tools.tonBalance(info.balance);
    });
  }

  function start() {
    applyTheme();
    showWallet().catch(function (error) {
      say(error.message, true);
    });
    if (!link) {
      say(new URLSearchParams(window.location.search).get('startapp') ? t('linkBroken') : t('notConnected'), true);
      return;
    }
    var manifestUrl = link.request && link.request.manifestUrl;
    var named = manifestUrl
      ? tools.manifestAppName(manifestUrl).then(function (name) {
          appName = name;
        })
      : Promise.resolve();
    if (!manifestUrl) appName = rememberedAppName(link.id) || appName;
    named
      .then(function () {
        if (link.request) return connect();
        return call('/session', { app_client_id: link.id, create: false }).then(
          function (session) {
            say(t('waiting', { app: appName }));
            listen(session.session_id);
          },
          function (error) {
            if (error.status === 404) say(t('sessionMissing'), true);
            else throw error;
          },
        );
      })
      .catch(function (error) {
        say(error.message, true);
      });
  }

  start();
})();
