export { blend, contrastRatio, MIN_TEXT_CONTRAST, parseHex, readableOn, readableThemeColors } from './contrast';
