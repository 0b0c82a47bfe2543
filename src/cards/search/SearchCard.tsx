'use client'
import { useMemo } from 'react'
import type { CardModel, SearchIntent } from '../../protocol'
import { hasBidi, labelInvisible } from '../../text/invisible'
import { type LiteralPlan, planLiteral, type SearchSummary, summarize } from '../../text/search'
import { CardFrame } from '../frame/CardFrame'
import { useTexts } from '../host'
import type { Texts } from '../shared/format'
import { BidiWarning, VisibleText } from '../shared/VisibleText'
import { SearchResults } from './SearchResults'
import { useSearchIndex } from './useSearchIndex'

export {
  SEARCH_FIRST_SLICE,
  SEARCH_LINE_LIMIT,
  SEARCH_ROW_HEIGHT,
  SEARCH_SLICE_MS,
} from './constants'

export interface SearchCardProps {
  model: CardModel
  intent: SearchIntent
}

/** The headline in the labels' words: "37 matches in 12 files", "12 files", "No matches". */
export function summaryWords(s: SearchSummary, t: Texts): string {
  if (s.mode === 'files')
    return s.totalFiles === 0 ? t.text('noFilesMatched') : t.count('files', s.totalFiles)
  if (s.totalMatches === 0) return t.text('noMatches')
  return t.text('matchesInFiles', {
    matches: t.count('matches', s.totalMatches),
    files: t.count('files', s.totalFiles),
  })
}

/** "showing the first 500 of 12,408" when the intent carries fewer than exist, else undefined. */
export function truncationWords(s: SearchSummary, t: Texts): string | undefined {
  if (!s.truncated) return undefined
  if (s.mode === 'files') {
    return s.totalFiles > s.shownFiles
      ? t.text('showingFirst', { shown: t.number(s.shownFiles), total: t.number(s.totalFiles) })
      : t.text('listCut')
  }
  if (s.totalMatches > s.shownMatches)
    return t.text('showingFirst', { shown: t.number(s.shownMatches), total: t.number(s.totalMatches) })
  if (s.totalFiles > s.shownFiles)
    return t.text('showingFilesOf', { files: t.count('files', s.shownFiles), total: t.number(s.totalFiles) })
  return t.text('resultsCut')
}

/**
 * A search: matches grouped by file with the matched ranges highlighted (content), a list of files
 * (files), or per-file counts (count). The header says the query and the count once; the body says where
 * and how it searched. Matched lines are marked and context lines dimmed. Long results are virtualized; a
 * filter narrows by path; arrow keys or j/k move through the rows; Enter opens the file at the line.
 */
export function SearchCard({ model, intent }: SearchCardProps) {
  const t = useTexts()
  const { matches, mode, query } = intent
  const { index, version } = useSearchIndex(matches)
  const indexing = index.done < matches.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when a slice lands in `index`
  const summary = useMemo(
    () =>
      summarize(mode, index.groups, {
        totalMatches: intent.totalMatches,
        totalFiles: intent.totalFiles,
        truncated: intent.truncated !== undefined,
      }),
    [mode, index, version, intent.totalMatches, intent.totalFiles, intent.truncated],
  )
  const plan = useMemo<LiteralPlan | undefined>(() => {
    if (mode !== 'content') return undefined
    const r = planLiteral(query, { regex: intent.regex, caseSensitive: intent.caseSensitive })
    return r.ok ? r.plan : undefined
  }, [mode, query, intent.regex, intent.caseSensitive])
  const bidi = index.bidi || hasBidi(query)

  const cut = indexing ? undefined : truncationWords(summary, t)
  const empty = matches.length === 0
  const busy = model.status === 'pending' || model.status === 'running'
  const failed = model.status === 'failed' || Boolean(model.error?.trim())
  const headline =
    busy && empty
      ? t.text('searching')
      : indexing
        ? t.count('grouping', matches.length, { done: t.number(index.done) })
        : // a failed search found nothing: "No matches" would read as an answer
          failed && empty
          ? ''
          : summaryWords(summary, t)

  return (
    <CardFrame
      model={model}
      kind="search"
      title={
        <>
          <span data-keep="">
            {intent.title ? <VisibleText text={intent.title} /> : t.labels.searchMode[mode]}
          </span>{' '}
          <code className="tc-search-query" data-slot="search-query" title={labelInvisible(query)}>
            <VisibleText text={query} />
          </code>
        </>
      }
      summary={headline}
      copyText={empty ? undefined : () => copyResult(intent)}
      copyLabel={mode === 'files' ? t.text('copyPaths') : t.text('copy')}
      truncated={intent.truncated}
      spill={intent.spill}
      notices={bidi ? <BidiWarning /> : null}
    >
      <div className="tc-search" data-mode={mode} data-empty={empty ? '' : undefined}>
        <SearchMeta intent={intent} cut={cut} />
        {empty ? null : <SearchResults intent={intent} groups={index.groups} version={version} plan={plan} />}
      </div>
    </CardFrame>
  )
}

/** Where and how it searched, and what was cut: the facts the header does not say. */
function SearchMeta({ intent, cut }: { intent: SearchIntent; cut: string | undefined }) {
  const t = useTexts()
  const flags: string[] = []
  if (intent.regex === true) flags.push(t.text('flagRegex'))
  if (intent.regex === false) flags.push(t.text('flagLiteral'))
  if (intent.caseSensitive === true) flags.push(t.text('flagCaseSensitive'))
  if (intent.caseSensitive === false) flags.push(t.text('flagIgnoreCase'))
  const where = [intent.path, intent.glob ? t.text('filesGlob', { glob: intent.glob }) : undefined]
    .filter(Boolean)
    .join(' · ')
  if (!cut && !where && flags.length === 0) return null
  return (
    <div className="tc-search-meta" data-slot="search-meta">
      {cut ? (
        <span className="tc-search-cut" data-slot="search-cut">
          {cut}
        </span>
      ) : null}
      {where ? (
        <span className="tc-search-where">
          {t.text('searchedIn')}{' '}
          <code className="tc-path">
            <VisibleText text={where} />
          </code>
        </span>
      ) : null}
      {flags.map((f) => (
        <span key={f} className="tc-badge">
          {f}
        </span>
      ))}
    </div>
  )
}

/** The result as ripgrep would print it: `path:line:text`, paths, or `path:count`. */
function copyResult(intent: SearchIntent): string {
  const out: string[] = []
  for (const m of intent.matches) {
    if (intent.mode === 'files') out.push(m.path)
    else if (intent.mode === 'count') out.push(`${m.path}:${m.count ?? 0}`)
    else
      out.push(
        `${m.path}${m.line !== undefined ? `${m.context ? '-' : ':'}${m.line}` : ''}${m.context ? '-' : ':'}${m.text ?? ''}`,
      )
  }
  return out.join('\n')
}
