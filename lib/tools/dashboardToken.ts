/**
 * The dashboard's access token. Loopback keeps other machines out, not other users of this one: any local
 * process can connect to 127.0.0.1 and the page shows tool inputs. So the server makes 32 random bytes when it
 * starts, prints them in its URL (`/?token=…`), and refuses every request that does not carry them — in the
 * query, as `Authorization: Bearer`, or as the cookie the page receives — compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface DashboardToken {
  /** base64url, safe in a URL and a cookie. */
  readonly value: string;
  /** Whether `given` is the token; the time taken does not depend on how much of it is right. */
  matches(given: string | undefined): boolean;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** A fresh random token, or one kept from an earlier start (`value`). */
export const createDashboardToken = (value: string = randomBytes(32).toString('base64url')): DashboardToken => {
  // Digests of equal length, so timingSafeEqual never throws and the length leaks nothing either.
  const expected = digest(value);
  return {
    value,
    matches: (given) => given !== undefined && timingSafeEqual(digest(given), expected),
  };
};

/** The cookie's name: per port, since browsers share cookies between the ports of one host. */
const cookieName = (port: number): string => `hookstream-dashboard-${port}`;

/** The `Set-Cookie` value that lets the page's own requests through. */
export const tokenCookie = (port: number, value: string): string =>
  `${cookieName(port)}=${value}; Path=/; HttpOnly; SameSite=Strict`;

/** The token in a request's `Authorization: Bearer` header (the scheme's case does not matter, as in HTTP). */
export const bearerOf = (request: IncomingMessage): string | undefined =>
  /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** The token a request carries, from its query, its `Authorization: Bearer` header, or its cookie. */
export const tokenOf = (request: IncomingMessage, port: number): string | undefined => {
  const query = new URL(request.url ?? '/', 'http://dashboard').searchParams.get('token');
  if (query !== null) return query;
  const bearer = bearerOf(request);
  if (bearer !== undefined) return bearer;
  const name = `${cookieName(port)}=`;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(name)) return cookie.slice(name.length);
  }
  return undefined;
};
