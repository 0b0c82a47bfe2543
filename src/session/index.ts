// Filled by the session module; see docs/architecture.md.
export {}
