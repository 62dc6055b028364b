/**
 * `returnTo` when it is a path on this site: one leading slash, no backslash, no whitespace or
 * control character (browsers drop tabs, so `/\t/evil` would become `//evil`), and not /login.
 */
export function safeReturnTo(search: string): string | null {
  const to = new URLSearchParams(search).get('returnTo');
  if (!to || !/^\/(?![/\\])[^\s\\\u0000-\u001f]*$/.test(to) || /^\/login(?![\w-])/i.test(to)) return null;
  return to;
}
