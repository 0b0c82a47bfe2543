// Filled by the contract module; see docs/architecture.md.
export {}
