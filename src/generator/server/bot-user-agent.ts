// Crawlers get a bare "Internal Server Error" instead of the 500 page so a
// transient failure never gets the error page indexed as site content.
const BOT_PATTERN =
  /googlebot|bingbot|yandex|baiduspider|duckduckbot|slurp|facebookexternalhit|twitterbot|linkedinbot|applebot|crawler|spider|bot\/|\bbot\b/i;

export function isBotUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && BOT_PATTERN.test(userAgent);
}
