import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';

/** A fresh RSA key pair in PEM (PKCS8 private, SPKI public), made by the test. */
export function rsaPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** A certificate for a key pair made by the test: the platform's (for 127.0.0.1) or the merchant's client certificate. */
export async function certificate(commonName: string) {
  const pair = rsaPair();
  const made = await generate([{ name: 'commonName', value: commonName }], {
    keyPair: { privateKey: pair.privateKey, publicKey: pair.publicKey },
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  return { key: made.private, cert: made.cert, fingerprint: new X509Certificate(made.cert).fingerprint256 };
}
