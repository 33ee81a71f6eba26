/**
 * `GET /api/servers/{key}/badge.svg`: a small status badge for forums, READMEs and Discord embeds.
 * Pure; built from the cached snapshot, so an embed costs one HTTP action per cache period (the
 * `Cache-Control` max-age, and a 304 for an unchanged `ETag`), never a call to the game server.
 */
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { mapLabel } from "./mapNames";
import { BADGE_TEXTS } from "./texts/badge";
import { fillText } from "./wording";
import type { ServerSnapshot } from "./validators";

/** Seconds a viewer's browser or a forum's image proxy may reuse the badge. */
export const BADGE_MAX_AGE_S = 60;

/**
 * Text as XML character data: markup characters escaped, and the characters XML 1.0 forbids
 * (control characters, lone surrogates, U+FFFE/U+FFFF) dropped, which would make the whole SVG
 * invalid (a browser then shows a broken image).
 */
function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g, "")
      .replace(/[\t\n\r]/g, " ")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
      .replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
  );
}

/**
 * The badge's own headers: it is an image, never a document a browser may sniff or run (an SVG
 * opened directly is a document: no script, no outside fetch, no frame).
 */
export const BADGE_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
} as const;

/** Roughly how wide text is at 11 px Verdana-like fonts, without measuring. */
function width(text: string): number {
  return Math.round([...text].length * 6.6) + 12;
}

/**
 * An image has no panel to word it, so `?lang=en` picks its words (Ukrainian otherwise, as the
 * panel's default).
 */
export type BadgeLanguage = Language;

/** The `lang` query parameter as a badge language (an own key only; anything else is Ukrainian). */
export function badgeLanguage(lang: string | null): BadgeLanguage {
  return lang !== null && Object.prototype.hasOwnProperty.call(BADGE_TEXTS, lang)
    ? (lang as BadgeLanguage)
    : DEFAULT_LANGUAGE;
}

/** The badge's segments: the server's name, then its state (map, players, score when online). */
export function badgeParts(
  s: ServerSnapshot,
  lang: BadgeLanguage = DEFAULT_LANGUAGE,
): { label: string; value: string; online: boolean } {
  const words = BADGE_TEXTS[lang];
  const label = s.name.slice(0, 40) || s.key;
  if (!s.online || !s.match) return { label, value: words.offline, online: false };
  const m = s.match;
  const value = [
    mapLabel(m.mapName).slice(0, 40),
    fillText(words.players, { n: m.playersOnline }),
    m.roundPhase === "warmup"
      ? words.warmup
      : m.unknown?.includes("score")
        ? words.scoreUnknown
        : `${m.scoreCT}:${m.scoreT}`,
  ].join(" · ");
  return { label, value, online: true };
}

/** The badge for a key no server has: an image still, so an embed never shows as broken. */
export function unknownServerBadge(lang: BadgeLanguage = DEFAULT_LANGUAGE) {
  return { label: "CS2", value: BADGE_TEXTS[lang].notFound, online: false };
}

export function badgeSvg(s: ServerSnapshot | null, lang: BadgeLanguage = DEFAULT_LANGUAGE): string {
  const { label, value, online } = s ? badgeParts(s, lang) : unknownServerBadge(lang);
  const lw = width(label);
  const vw = width(value);
  const total = lw + vw;
  const color = online ? "#2ea44f" : "#8b949e";
  const l = escapeXml(label);
  const v = escapeXml(value);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${l}: ${v}">` +
    `<title>${l}: ${v}</title>` +
    `<clipPath id="r"><rect width="${total}" height="20" rx="3"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#30363d"/>` +
    `<rect x="${lw}" width="${vw}" height="20" fill="${color}"/></g>` +
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">` +
    `<text x="6" y="14">${l}</text><text x="${lw + 6}" y="14">${v}</text></g></svg>`
  );
}

/** A weak validator for the badge's bytes (FNV-1a, 32 bits): equal badges, equal tags. */
export function badgeEtag(svg: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < svg.length; i++) {
    h ^= svg.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `W/"${h.toString(16).padStart(8, "0")}"`;
}
