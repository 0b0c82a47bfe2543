// Vite's `?raw` imports (stories load corpus files as text).
declare module '*?raw' {
  const text: string
  export default text
}
