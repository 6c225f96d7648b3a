// Every workflow the worker runs. Deterministic code only: no I/O, no Node built-ins.
export { apiKeyExpiryScan, keyExpiryNotices } from './key-expiry.js';
