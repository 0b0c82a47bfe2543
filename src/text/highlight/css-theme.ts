/**
 * The default theme: every colour is a CSS variable (`var(--tc-syntax-keyword)`), so one tokenization
 * serves the light and the dark theme, and switching theme (or an editor preset) changes only CSS.
 * Token kinds follow GitHub's theme. Loaded with the highlighting service, not with the cards.
 */
import type { ThemeRegistrationRaw } from 'shiki/types'
import { syntaxVar as v } from './theme'

/** Foreground of untouched text: tokens with it carry no colour (they inherit). */
export const SYNTAX_FOREGROUND = v('fg')

export const cssVariablesTheme: ThemeRegistrationRaw = {
  name: 'toolcards-css-variables',
  type: 'light',
  colors: { 'editor.foreground': v('fg'), 'editor.background': v('bg') },
  settings: [
    { settings: { foreground: v('fg'), background: v('bg') } },
    {
      scope: ['comment', 'punctuation.definition.comment', 'string.comment'],
      settings: { foreground: v('comment') },
    },
    {
      scope: [
        'constant',
        'entity.name.constant',
        'variable.other.constant',
        'variable.other.enummember',
        'variable.language',
        'support',
        'meta.property-name',
        'support.constant',
        'support.variable',
        'meta.module-reference',
        'markup.inline.raw',
        'meta.diff.header',
      ],
      settings: { foreground: v('constant') },
    },
    { scope: ['entity', 'entity.name'], settings: { foreground: v('entity') } },
    { scope: 'variable.parameter.function', settings: { foreground: v('parameter') } },
    { scope: 'entity.name.tag', settings: { foreground: v('tag') } },
    { scope: ['keyword', 'storage', 'storage.type'], settings: { foreground: v('keyword') } },
    {
      scope: ['storage.modifier.package', 'storage.modifier.import', 'storage.type.java', 'variable.other'],
      settings: { foreground: v('fg') },
    },
    {
      scope: ['string', 'punctuation.definition.string', 'string punctuation.section.embedded source'],
      settings: { foreground: v('string') },
    },
    { scope: 'variable', settings: { foreground: v('variable') } },
    { scope: 'string variable', settings: { foreground: v('constant') } },
    { scope: ['source.regexp', 'string.regexp'], settings: { foreground: v('string') } },
    {
      scope: 'string.regexp constant.character.escape',
      settings: { foreground: v('regexp'), fontStyle: 'bold' },
    },
    {
      scope: [
        'invalid.broken',
        'invalid.deprecated',
        'invalid.illegal',
        'invalid.unimplemented',
        'message.error',
      ],
      settings: { foreground: v('invalid'), fontStyle: 'italic' },
    },
    {
      scope: ['markup.heading', 'markup.heading entity.name'],
      settings: { foreground: v('heading'), fontStyle: 'bold' },
    },
    { scope: 'markup.quote', settings: { foreground: v('tag') } },
    { scope: 'markup.italic', settings: { fontStyle: 'italic' } },
    { scope: 'markup.bold', settings: { fontStyle: 'bold' } },
    { scope: 'markup.underline', settings: { fontStyle: 'underline' } },
    { scope: 'markup.strikethrough', settings: { fontStyle: 'strikethrough' } },
    {
      scope: ['markup.deleted', 'meta.diff.header.from-file', 'punctuation.definition.deleted'],
      settings: { foreground: v('deleted') },
    },
    {
      scope: ['markup.inserted', 'meta.diff.header.to-file', 'punctuation.definition.inserted'],
      settings: { foreground: v('inserted') },
    },
    { scope: ['markup.changed', 'punctuation.definition.changed'], settings: { foreground: v('changed') } },
    { scope: 'meta.diff.range', settings: { foreground: v('entity'), fontStyle: 'bold' } },
    {
      scope: ['constant.other.reference.link', 'string.other.link'],
      settings: { foreground: v('link'), fontStyle: 'underline' },
    },
  ],
}
