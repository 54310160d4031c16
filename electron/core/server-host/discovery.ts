// Tills find the shop server on the local network by mDNS / DNS-SD (bonjour-service): the host
// advertises `_caja-servidor._tcp` with its port; a till's Ajustes browses for a few seconds and lists what answered.
// Typing the address always works: discovery only fills it in, and never carries a secret (the code is typed).
import { Bonjour, type Service } from 'bonjour-service';

export const SERVICE_TYPE = 'caja-servidor';

export interface FoundServer {
  name: string;
  /** IPv4 addresses first: what the server's certificate names (host.ts). */
  addresses: string[];
  port: number;
  shop: string | null;
}

export interface Advertisement {
  stop(): Promise<void>;
}

/** Announces this PC's shop server on the LAN until stopped. */
export function advertise(o: { name: string; port: number; shop: string }): Advertisement {
  const bonjour = new Bonjour(undefined, () => undefined);
  bonjour.publish({ name: o.name.slice(0, 60), type: SERVICE_TYPE, port: o.port, txt: { shop: o.shop.slice(0, 100), v: '1' } });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        bonjour.unpublishAll(() => bonjour.destroy(() => resolve()));
      }),
  };
}

function toFound(s: Service): FoundServer {
  const addresses = [...(s.addresses ?? [])].sort((a, b) => Number(b.includes('.')) - Number(a.includes('.')));
  if (addresses.length === 0 && s.referer?.address) addresses.push(s.referer.address);
  const txt = (s.txt ?? {}) as Record<string, unknown>;
  return { name: s.name, addresses, port: s.port, shop: typeof txt.shop === 'string' ? txt.shop : null };
}

/** Listens for `waitMs` and answers the shop servers that announced themselves. */
export function browse(waitMs = 3_000): Promise<FoundServer[]> {
  const bonjour = new Bonjour(undefined, () => undefined);
  const found = new Map<string, FoundServer>();
  const browser = bonjour.find({ type: SERVICE_TYPE }, (s) => found.set(`${s.name}:${s.port}`, toFound(s)));
  return new Promise((resolve) => {
    setTimeout(() => {
      browser.stop();
      bonjour.destroy(() => resolve([...found.values()]));
    }, waitMs);
  });
}
