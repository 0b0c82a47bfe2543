// Filled by the adapters module; see docs/architecture.md.
export {}
