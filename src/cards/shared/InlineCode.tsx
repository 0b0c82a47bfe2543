import { VisibleText } from './VisibleText'

/** Text with `code` spans in backticks shown as code, not as backticks (problem messages use them). */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split('`')
  if (parts.length < 3) return <VisibleText text={text} />
  return (
    <>
      {parts.map((part, i) =>
        // odd parts sat between backticks; a last odd part without its closing tick stays text
        i % 2 === 1 && i < parts.length - 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of an immutable string, in order
          <code key={i}>
            <VisibleText text={part} />
          </code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of an immutable string, in order
          <VisibleText key={i} text={i % 2 === 1 ? `\`${part}` : part} />
        ),
      )}
    </>
  )
}
