// The `toolcards` command; see src/cli.
export {}
