import type { CardStatus, ChecklistItem } from '../protocol'
import type { DiffFileStatus } from '../text/diff'
import type { WebOutcomeKind } from '../text/web'

/**
 * Every string the cards show or announce, in one table: status labels, buttons, notices, counts. A host
 * replaces any of them through `ToolcardsProvider` (`labels`), and names the locale numbers are formatted
 * in (`locale`); the kit ships English (`LABELS_EN`, the default) and Simplified Chinese (`LABELS_ZH_CN`,
 * in its own module so that it loads only when a host imports it).
 *
 * A text may hold `{name}` placeholders, filled by the card. A counted text (`Plural`) has one form per
 * plural category of the locale (`Intl.PluralRules`: `one`, `few`, `many`, ...), `other` being required;
 * `{n}` is the count, formatted in the locale.
 */
export interface Plural {
  zero?: string
  one?: string
  two?: string
  few?: string
  many?: string
  other: string
}

/** The kinds of fetch error the web engine tells apart. */
export type FetchErrorKind = Extract<
  WebOutcomeKind,
  'dns' | 'timeout' | 'refused' | 'tls' | 'network' | 'unknown'
>

/** How a card ended, as the header shows it: one look per tone, the same in every card kind. */
export type Tone = 'success' | 'failure' | 'cancelled' | 'busy' | 'waiting' | 'unknown'

export interface Labels {
  // --- the frame ---------------------------------------------------------------------------------
  /** The label of each status; a new status does not compile until it has one. */
  status: Record<CardStatus, string>
  /** A status the kit does not know (an envelope from a newer host). */
  statusUnknown: string
  /** Tooltip of the status. */
  durationTitle: string
  subAgent: string
  subAgentTitle: string
  copy: string
  copied: string
  open: string
  showAll: string
  showLess: string
  showAllCharacters: Plural
  /** `{title}` finished: `{status}` (announced once when a card finishes). */
  announceFinished: string
  /** A status with its detail, for tooltips and announcements: `Failed (exit 2)`. */
  statusWithDetail: string
  cutHeadline: string
  cutHeadlineReason: string
  cutShowingBytes: string
  cutTotalBytes: string
  cutShownLines: string
  cutTotalLines: Plural
  /** `{headline}: {details}.` */
  cutSentence: string
  /** `{headline}.` */
  cutSentenceShort: string
  listSeparator: string
  spillKeptAt: string
  copyFailed: string
  openPathFailed: string
  openLinkFailed: string
  noClipboard: string
  decisionFailed: string
  noDecisions: string
  /** The approval bar (frame/Approval.tsx): its heading and states; the host words the options. */
  approvalHeading: string
  approvalWaiting: string
  approvalSending: string
  approvalDecided: string
  approvalBy: string
  approvalUndecided: string
  /** The approval buttons' code could not load (a chunk refused, or offline): no decision can be sent from the card. */
  approvalLoadFailed: string
  moreCharacters: Plural
  lineCutCopy: Plural
  // --- shared ------------------------------------------------------------------------------------
  bidiWarning: string
  invisibleTitle: string
  invisibleBidiTitle: string
  notALink: string
  wrap: string
  lines: Plural
  // --- terminal ----------------------------------------------------------------------------------
  exitCode: string
  timedOut: string
  interrupted: string
  background: string
  inBackground: string
  copyOutput: string
  copyCommand: string
  fullCommand: string
  output: string
  stderr: string
  stderrHeading: string
  waitingForOutput: string
  noOutput: string
  outputLines: Plural
  outputLastLines: Plural
  earlierLinesHidden: Plural
  showAllLines: Plural
  showLastLines: Plural
  linesDropped: Plural
  droppedMarker: Plural
  terminalLineCut: Plural
  // --- read --------------------------------------------------------------------------------------
  readRangeOf: string
  readRange: string
  emptyFile: string
  language: string
  binary: string
  binaryContent: string
  showAsText: string
  contentsOf: string
  openAtLine: string
  openAtLineBefore: string
  highlightLongLines: string
  highlightTimeLimit: string
  highlightLoadFailed: string
  /** The web card's code could not load (a chunk refused or offline): the call shows as the generic card. */
  webCardLoadFailed: string
  crlf: string
  crlfTitle: string
  // --- diff --------------------------------------------------------------------------------------
  fileStatus: Record<DiffFileStatus, string>
  diffVerb: Record<DiffFileStatus, string>
  changes: string
  changesInFiles: Plural
  unified: string
  split: string
  copyDiff: string
  waitingForChanges: string
  readingPatch: string
  noChanges: string
  noContentChanges: string
  noChangesToShow: string
  emptyFileCreated: string
  emptyFileDeleted: string
  diffCounts: string
  changedFiles: string
  jumpToFile: string
  showMoreFiles: Plural
  readingFiles: Plural
  openFile: string
  diffReplaced: string
  diffPartlyReplaced: string
  /** A merge's combined diff (`diff --cc`), read against the merge's first parent. */
  diffCombined: string
  binaryFile: string
  patchMalformed: string
  patchUnreadable: string
  problemAtLine: string
  moreProblems: Plural
  rawPatchText: string
  moreLinesNotShown: Plural
  changesTo: string
  expandUnchanged: Plural
  noNewline: string
  noNewlineTitle: string
  renamedTo: string
  copiedTo: string
  // --- search ------------------------------------------------------------------------------------
  searchMode: Record<'content' | 'files' | 'count', string>
  searching: string
  grouping: Plural
  noMatches: string
  noFilesMatched: string
  matches: Plural
  files: Plural
  matchesInFiles: string
  showingFirst: string
  showingFilesOf: string
  resultsCut: string
  listCut: string
  copyPaths: string
  flagRegex: string
  flagLiteral: string
  flagCaseSensitive: string
  flagIgnoreCase: string
  searchedIn: string
  filesGlob: string
  filterByPath: string
  filterPlaceholder: string
  filterCount: string
  noPathContains: string
  searchResults: Plural
  noPath: string
  openPath: string
  charactersInAll: Plural
  contextLine: string
  // --- web ---------------------------------------------------------------------------------------
  webSearch: string
  fetch: string
  results: Plural
  searchUrl: string
  url: string
  redirectedTo: string
  content: string
  bytes: Plural
  /** Labels of fetch errors (the HTTP status line shows the status and its standard reason phrase). */
  outcome: Record<FetchErrorKind, string>
  outcomeMeaning: Record<WebOutcomeKind, string>
  /** Meanings of the HTTP statuses a fetch commonly meets; others take their class's meaning. */
  httpMeaning: Record<string, string>
  notALinkReason: string
  userNameBeforeHost: string
  userNameBeforeHostTitle: string
  internationalizedHost: string
  internationalizedHostTitle: string
  noResults: string
  showingCharacters: Plural
  wholeExcerptPlain: string
  excerptLines: Plural
  linkRemoved: string
  imageNotLoaded: string
  image: string
  imageAlt: string
  pageText: string
  pageExcerpt: string
  pageTextNote: string
  /** Markdown shown as plain text: what in it would have made parsing it take seconds (`{what}`). */
  markdownPlain: string
  /** Each `{what}` of `markdownPlain`, with `{n}`. */
  markdownPlainWhat: Record<'depth' | 'brackets' | 'marks' | 'block', string>
  // --- generic -----------------------------------------------------------------------------------
  input: string
  invalidIntent: string
  shortened: string
  emptyText: string
  outputText: string
  notJson: string
  /** A big intent being checked in slices (the card's body until it is done). */
  checkingIntent: string
  /** A plan (checklist) card: its heading is `plan · planDone`. */
  plan: string
  planDone: string
  noItems: string
  /** How a checklist item's status is read out (its mark shows it). */
  checklistStatus: Record<ChecklistItem['status'], string>
  items: Plural
  keys: Plural
  jsonShown: string
  showMore: Plural
  imageBlock: string
  imageBlockType: string
  imageBlockTypeSize: string
  notShown: string
  link: string
  resource: string
  toolResultImage: string
  markdown: string
  // --- session -----------------------------------------------------------------------------------
  toolCalls: Plural
  toolCallsLabel: string
  expandAll: string
  collapseAll: string
  eventProblems: Plural
  eventProblem: string
  eventProblemCall: string
  moreNotListed: Plural
  /** The AI SDK tool parts' problems (toolcards/ai-sdk). */
  toolPartProblems: Plural
  /** Messages a VS Code webview page ignored (toolcards/webview). */
  messagesIgnored: Plural
  emptySession: string
  /** A VS Code page's list of cards, named after the session it shows. */
  toolCallsIn: string
  // --- envelope and render errors (frame/EnvelopeNotice.tsx, frame/CardErrorBoundary.tsx) ----------------
  envelopeInvalid: string
  envelopeAdjusted: string
  errorTextLabel: string
  renderFailed: string
  renderFailedSummary: string
  renderErrorLabel: string
  copyError: string
  // --- units -------------------------------------------------------------------------------------
  durationMs: string
  durationS: string
  durationMin: string
  durationH: string
}

/** An empty plural: a text the cards' default table leaves to the part that shows it. */
const NO_PLURAL: Plural = { other: '' }

/**
 * `LABELS_EN` without the web card's meanings (see `WEB_MEANINGS_EN`), the web card's texts (see
 * `WEB_LABELS_EN` in `web/texts.ts`) and the session views' texts (see `SESSION_LABELS_EN`), empty here:
 * the cards' default texts.
 */
export const LABELS_EN_BASE: Labels = {
  status: {
    pending: 'Pending',
    running: 'Running',
    'awaiting-approval': 'Awaiting approval',
    completed: 'Completed',
    failed: 'Failed',
    cancelled: 'Cancelled',
    rejected: 'Rejected',
    unknown: 'Unknown',
  },
  statusUnknown: 'Unknown status',
  durationTitle: 'Duration',
  subAgent: 'sub-agent',
  subAgentTitle: 'Run by a sub-agent',
  copy: 'Copy',
  copied: 'Copied',
  open: 'Open',
  showAll: 'Show all',
  showLess: 'Show less',
  showAllCharacters: { one: 'Show all {n} character', other: 'Show all {n} characters' },
  announceFinished: '{title}: {status}',
  statusWithDetail: '{status} ({detail})',
  cutHeadline: 'Output cut',
  cutHeadlineReason: 'Output cut ({reason})',
  cutShowingBytes: 'showing {shown} of {total}',
  cutTotalBytes: '{total} in all',
  cutShownLines: '{shown} of {total} lines',
  cutTotalLines: { one: '{n} line in all', other: '{n} lines in all' },
  cutSentence: '{headline}: {details}.',
  cutSentenceShort: '{headline}.',
  listSeparator: ', ',
  spillKeptAt: 'The whole result is kept at',
  copyFailed: 'Copy failed: {message}',
  openPathFailed: 'Opening {path} failed: {message}',
  openLinkFailed: 'Opening the link failed: {message}',
  noClipboard: 'no clipboard is available',
  decisionFailed: 'Sending the decision failed: {message}',
  noDecisions: 'the host takes no decisions',
  approvalHeading: 'Approval needed',
  approvalWaiting: 'Waiting for a decision. Options offered:',
  approvalSending: '', // see LATER_TEXTS_EN
  approvalDecided: 'Decision:',
  approvalBy: 'by {who}',
  approvalUndecided: 'No decision was made.',
  approvalLoadFailed: 'Its buttons could not be loaded ({message}).',
  moreCharacters: { one: '… {n} more character', other: '… {n} more characters' },
  lineCutCopy: {
    one: ' … line cut: {n} character (Copy gives all)',
    other: ' … line cut: {n} characters (Copy gives all)',
  },

  bidiWarning:
    'This text holds bidirectional control characters, which can make it read differently from what it is. They are shown as <U+…> markers.',
  invisibleTitle: '{code} {name}',
  invisibleBidiTitle: '{code} {name}: may reorder how this text reads',
  notALink: 'Not a link: {reason}',
  wrap: 'Wrap',
  lines: { one: '{n} line', other: '{n} lines' },

  exitCode: 'exit {code}',
  timedOut: 'timed out',
  interrupted: 'interrupted',
  background: 'background',
  inBackground: 'in background',
  copyOutput: 'Copy output',
  copyCommand: 'Copy command',
  fullCommand: 'Full command',
  output: 'Output',
  stderr: 'Standard error',
  stderrHeading: 'stderr',
  waitingForOutput: 'Waiting for output…',
  noOutput: 'No output',
  outputLines: { one: '{label}, {n} line', other: '{label}, {n} lines' },
  outputLastLines: { one: '{label}, last line', other: '{label}, last {n} lines' },
  earlierLinesHidden: { one: '{n} earlier line hidden', other: '{n} earlier lines hidden' },
  showAllLines: { one: 'Show all {n} line', other: 'Show all {n} lines' },
  showLastLines: { one: 'Show the last line', other: 'Show the last {n} lines' },
  linesDropped: {
    one: '{n} line was dropped in the middle to keep the card responsive; copy output gives the rest.',
    other: '{n} lines were dropped in the middle to keep the card responsive; copy output gives the rest.',
  },
  droppedMarker: { one: '… {n} line dropped …', other: '… {n} lines dropped …' },
  terminalLineCut: {
    one: ' … {n} more character (line cut for display; copy output gives all)',
    other: ' … {n} more characters (line cut for display; copy output gives all)',
  },

  readRangeOf: 'lines {start}–{end} of {total}',
  readRange: 'lines {start}–{end}',
  emptyFile: 'Empty file',
  language: 'Language',
  binary: 'Binary',
  binaryContent: 'Binary data, {size}: not shown.',
  showAsText: 'Show as text',
  contentsOf: 'Contents of {label}',
  openAtLine: 'Open {path} at line {line}',
  openAtLineBefore: 'Open {path} at line {line} (before the change)',
  highlightLongLines: 'Lines this long are not highlighted.',
  highlightTimeLimit: 'Highlighting stopped at its time limit; the rest is plain text.',
  highlightLoadFailed: 'The highlighter could not load this language; shown as plain text.',
  webCardLoadFailed: 'The web card could not be loaded ({message}); its intent is shown as data.',
  crlf: 'CRLF',
  crlfTitle: 'Lines end with CR LF (Windows line endings)',

  fileStatus: {
    added: 'added',
    deleted: 'deleted',
    modified: 'modified',
    renamed: 'renamed',
    copied: 'copied',
    binary: 'binary',
  },
  diffVerb: {
    added: 'Create',
    deleted: 'Delete',
    modified: 'Edit',
    renamed: 'Rename',
    copied: 'Copy',
    binary: 'Edit',
  },
  changes: 'Changes',
  changesInFiles: { one: 'Changes in {n} file', other: 'Changes in {n} files' },
  unified: 'Unified',
  split: 'Split',
  copyDiff: 'Copy diff',
  waitingForChanges: 'Waiting for changes…',
  readingPatch: 'Reading the patch…',
  noChanges: 'No changes.',
  noContentChanges: 'No changes to the contents.',
  noChangesToShow: 'No changes to show.',
  emptyFileCreated: 'Created as an empty file.',
  emptyFileDeleted: 'Deleted an empty file.',
  diffCounts: '{added} added, {removed} removed',
  changedFiles: 'Changed files',
  jumpToFile: 'Go to {path}',
  showMoreFiles: {
    one: 'Show {n} more file ({rest} not shown)',
    other: 'Show {n} more files ({rest} not shown)',
  },
  readingFiles: { one: 'Reading {n} more file…', other: 'Reading {n} more files…' },
  openFile: 'Open {path}',
  diffReplaced:
    'These texts are too different to align line by line quickly: shown as the old text removed and the new one added.',
  diffPartlyReplaced: 'Some regions are too different to align quickly: shown as removed and added.',
  diffCombined: 'A merge: its changes against the first parent (lines only another parent had are left out).',
  binaryFile: 'Binary file: its contents are not shown.',
  patchMalformed: 'This patch is malformed; showing what could be read. The raw text is below.',
  patchUnreadable: 'This patch could not be read; showing the raw text.',
  problemAtLine: 'line {line}: {message}',
  moreProblems: { other: '{n} more' },
  rawPatchText: 'Raw patch text',
  moreLinesNotShown: {
    one: '{n} more line not shown; Copy gives all.',
    other: '{n} more lines not shown; Copy gives all.',
  },
  changesTo: 'Changes to {path}',
  expandUnchanged: { one: 'Expand {n} unchanged line', other: 'Expand {n} unchanged lines' },
  noNewline: 'no newline at end',
  noNewlineTitle: 'No newline at end of file',
  renamedTo: 'renamed to',
  copiedTo: 'copied to',

  searchMode: { content: 'Search', files: 'Find files', count: 'Count' },
  searching: 'Searching…',
  grouping: { one: 'grouping {done} of {n} result…', other: 'grouping {done} of {n} results…' },
  noMatches: 'No matches',
  noFilesMatched: 'No files matched',
  matches: { one: '{n} match', other: '{n} matches' },
  files: { one: '{n} file', other: '{n} files' },
  matchesInFiles: '{matches} in {files}',
  showingFirst: 'showing the first {shown} of {total}',
  showingFilesOf: 'showing {files} of {total}',
  resultsCut: 'the results were cut',
  listCut: 'the list was cut',
  copyPaths: 'Copy paths',
  flagRegex: 'regex',
  flagLiteral: 'literal',
  flagCaseSensitive: 'case-sensitive',
  flagIgnoreCase: 'ignore case',
  searchedIn: 'in',
  filesGlob: 'files {glob}',
  filterByPath: 'Filter by path',
  filterPlaceholder: 'part of a path',
  filterCount: '{shown} of {files}',
  noPathContains: 'No file path contains “{filter}”.',
  searchResults: {
    one: 'Search results, {n} row. Arrow keys or j and k move, Enter opens.',
    other: 'Search results, {n} rows. Arrow keys or j and k move, Enter opens.',
  },
  noPath: '(no path)',
  openPath: 'Open {path}',
  charactersInAll: { one: ' … {n} character in all', other: ' … {n} characters in all' },
  contextLine: 'context',

  webSearch: 'Web search',
  fetch: 'Fetch',
  results: { one: '{n} result', other: '{n} results' },
  // the web card's own texts (empty ones): in LABELS_EN; the card takes WEB_LABELS_EN where these are empty
  searchUrl: '',
  url: 'URL',
  redirectedTo: '',
  content: 'Content',
  bytes: { one: '{n} byte', other: '{n} bytes' },
  outcome: {} as Labels['outcome'],
  // the web card's meanings: in LABELS_EN; the card takes the web engine's English where these have none
  outcomeMeaning: {} as Labels['outcomeMeaning'],
  httpMeaning: {},
  notALinkReason: '',
  userNameBeforeHost: '',
  userNameBeforeHostTitle: '',
  internationalizedHost: 'internationalized host',
  internationalizedHostTitle: '',
  noResults: '',
  showingCharacters: NO_PLURAL,
  wholeExcerptPlain: '',
  excerptLines: NO_PLURAL,
  linkRemoved: '',
  imageNotLoaded: '',
  image: '[image]',
  imageAlt: '',
  pageText: '',
  pageExcerpt: '',
  pageTextNote: '',
  markdownPlain: '',
  markdownPlainWhat: {} as Labels['markdownPlainWhat'],

  input: 'Input',
  invalidIntent: 'Invalid render intent',
  shortened: 'Shortened',
  emptyText: '(empty)',
  outputText: 'Output text',
  notJson: '(could not be written as JSON: {message})',
  checkingIntent: 'Checking the call…',
  plan: 'Plan',
  planDone: '{done} of {n} done',
  noItems: '(no items)',
  checklistStatus: {
    pending: 'to do',
    in_progress: 'in progress',
    completed: 'done',
    cancelled: 'cancelled',
  },
  items: { one: '{n} item', other: '{n} items' },
  keys: { one: '{n} key', other: '{n} keys' },
  jsonShown: '{shown} of {total} shown.',
  showMore: { other: 'Show {n} more' },
  imageBlock: 'Image',
  imageBlockType: 'Image ({type})',
  imageBlockTypeSize: 'Image ({type}, {size})',
  notShown: '{what}: not shown',
  link: 'Link:',
  resource: 'Resource',
  toolResultImage: 'Tool result',
  markdown: 'Text (markdown)',

  // the session views' texts: in LABELS_EN; the views take SESSION_LABELS_EN where these are empty
  toolCalls: NO_PLURAL,
  toolCallsLabel: '',
  expandAll: '',
  collapseAll: '',
  eventProblems: NO_PLURAL,
  eventProblem: '',
  eventProblemCall: '',
  moreNotListed: NO_PLURAL,
  toolPartProblems: NO_PLURAL,
  messagesIgnored: NO_PLURAL,
  emptySession: '',
  toolCallsIn: '',
  envelopeInvalid: 'Invalid card envelope, shown with safe values',
  envelopeAdjusted: 'Card envelope adjusted',
  errorTextLabel: 'Error text',
  // the error card's texts: in LABELS_EN; the error card (loaded when a card first fails) takes
  // LATER_LABELS_EN where these are empty
  renderFailed: '',
  renderFailedSummary: '',
  renderErrorLabel: '',
  copyError: '',

  durationMs: '{n} ms',
  durationS: '{n} s',
  durationMin: '{m} min {s} s',
  durationH: '{h} h {m} min',
}

/**
 * The English meanings of fetch outcomes and HTTP statuses: the web engine's own (`describeOutcome`, in
 * the web card's chunk), which the web card shows when the labels have none; written out here for
 * `LABELS_EN`, the table a translation starts from (a test holds the two the same). Not in the cards'
 * default texts, so a page that imports neither `LABELS_EN` nor a web card carries none of them.
 */
const WEB_MEANINGS_EN: Pick<Labels, 'outcomeMeaning' | 'httpMeaning'> = {
  outcomeMeaning: {
    ok: 'The request worked.',
    redirect: 'The page is elsewhere.',
    informational: 'An interim response.',
    'not-found': 'There is no page at this URL.',
    'client-error': 'The server refused the request.',
    'server-error': 'The server failed.',
    dns: 'The host name could not be resolved.',
    timeout: 'No answer in time.',
    refused: 'Nothing listens there.',
    tls: 'The secure connection could not be made.',
    network: 'The connection failed.',
    unknown: 'The fetch failed.',
  },
  httpMeaning: {
    '100': 'The server is waiting for the rest of the request.',
    '101': 'The server switched protocols.',
    '200': 'The page was fetched.',
    '201': 'The request created a resource.',
    '202': 'The request was accepted for later processing.',
    '203': 'A proxy changed the response.',
    '204': 'The request worked; there is no body.',
    '206': 'Only part of the body was sent.',
    '301': 'The page has moved for good.',
    '302': 'The page is temporarily elsewhere.',
    '303': 'The answer is at another URL.',
    '304': 'The cached copy is still good.',
    '307': 'The page is temporarily elsewhere.',
    '308': 'The page has moved for good.',
    '400': 'The server could not understand the request.',
    '401': 'The page needs a login.',
    '402': 'The page needs payment.',
    '403': 'The server refused access.',
    '404': 'There is no page at this URL.',
    '405': 'The server does not allow this method here.',
    '406': 'The server has no version the client accepts.',
    '408': 'The server gave up waiting for the request.',
    '409': 'The request conflicts with the current state.',
    '410': 'The page was removed for good.',
    '413': 'The request was too large.',
    '414': 'The URL was too long.',
    '415': 'The server does not take this content type.',
    '418': 'The server refuses to brew coffee.',
    '422': 'The request was understood but not valid.',
    '429': 'Rate limited: too many requests.',
    '451': 'Blocked for legal reasons.',
    '500': 'The server failed.',
    '501': 'The server does not support this.',
    '502': 'A proxy got a bad answer from upstream.',
    '503': 'The server is down or overloaded.',
    '504': 'A proxy timed out waiting for upstream.',
  },
}

/** The texts only the session views show (`SessionView`, `VsCodeSession`, the AI SDK parts' list). */
export type SessionLabelKey =
  | 'toolCalls'
  | 'toolCallsLabel'
  | 'expandAll'
  | 'collapseAll'
  | 'eventProblems'
  | 'eventProblem'
  | 'eventProblemCall'
  | 'moreNotListed'
  | 'toolPartProblems'
  | 'messagesIgnored'
  | 'emptySession'
  | 'toolCallsIn'

/**
 * The session views' English: in `LABELS_EN`, and what a session view shows where its labels leave a
 * text empty (the cards' default table does), so that a page that renders cards only carries none of it.
 */
export const SESSION_LABELS_EN: Pick<Labels, SessionLabelKey> = {
  toolCalls: { one: '{n} tool call', other: '{n} tool calls' },
  toolCallsLabel: 'Tool calls',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  eventProblems: { one: '{n} event problem', other: '{n} event problems' },
  eventProblem: 'Event {n}{call}: {path}',
  eventProblemCall: ' (call {id})',
  moreNotListed: { one: '{n} more not listed.', other: '{n} more not listed.' },
  toolPartProblems: { one: '{n} problem in the tool parts', other: '{n} problems in the tool parts' },
  messagesIgnored: { one: '{n} message ignored', other: '{n} messages ignored' },
  emptySession: 'No tool calls yet.',
  toolCallsIn: 'Tool calls in {title}',
}

/**
 * The texts only parts loaded later show: the error card of a card that failed to render (`CrashedCard`)
 * and the approval buttons (`ApprovalButtons`).
 */
export type LaterLabelKey =
  | 'renderFailed'
  | 'renderFailedSummary'
  | 'renderErrorLabel'
  | 'copyError'
  | 'approvalSending'

/**
 * Their English, written out here for `LABELS_EN`; the parts' own copy is `LATER_LABELS_EN`
 * (`shared/englishTexts.ts`, loaded with them). A test holds the two the same.
 */
const LATER_TEXTS_EN: Pick<Labels, LaterLabelKey> = {
  renderFailed: 'This card failed to render',
  renderFailedSummary: 'card failed to render',
  renderErrorLabel: 'Render error',
  copyError: 'Copy error',
  approvalSending: 'Sending “{label}”…',
}

/** The texts only the web card and its markdown show (empty in the cards' default table). */
export type WebLabelKey =
  | 'searchUrl'
  | 'redirectedTo'
  | 'outcome'
  | 'notALinkReason'
  | 'userNameBeforeHost'
  | 'userNameBeforeHostTitle'
  | 'internationalizedHostTitle'
  | 'noResults'
  | 'showingCharacters'
  | 'wholeExcerptPlain'
  | 'excerptLines'
  | 'pageText'
  | 'pageExcerpt'
  | 'pageTextNote'
  | 'markdownPlain'
  | 'markdownPlainWhat'
  | 'linkRemoved'
  | 'imageNotLoaded'
  | 'imageAlt'

/**
 * The web card's English, written out here for `LABELS_EN`; the card's own copy is `WEB_LABELS_EN`
 * (`web/texts.ts`, which loads with the web card: a module of the first load would put it in every page's
 * first load). A test holds the two the same.
 */
const WEB_TEXTS_EN: Pick<Labels, WebLabelKey> = {
  searchUrl: 'Search URL',
  redirectedTo: 'Redirected to',
  outcome: {
    dns: 'DNS failure',
    timeout: 'Timed out',
    refused: 'Connection refused',
    tls: 'TLS failure',
    network: 'Network error',
    unknown: 'Failed',
  },
  notALinkReason: '(not a link: {reason})',
  userNameBeforeHost: 'user name before the host',
  userNameBeforeHostTitle: 'The part before "@" is a user name; the host is {host}',
  internationalizedHostTitle:
    'The host has internationalized labels, shown in punycode: it may imitate another host',
  noResults: 'No results.',
  showingCharacters: {
    one: 'Showing {shown} of {n} character.',
    other: 'Showing {shown} of {n} characters.',
  },
  wholeExcerptPlain: 'The whole excerpt shows as plain text.',
  excerptLines: { one: 'Excerpt, {n} line', other: 'Excerpt, {n} lines' },
  pageText: 'Text from the page',
  pageExcerpt: 'Page excerpt',
  pageTextNote: 'written by the page, not by this tool',
  markdownPlain: 'Shown as plain text, not as markdown: {what} (the limit is {limit}).',
  markdownPlainWhat: {
    depth: 'nested {n} levels deep',
    brackets: '{n} brackets open at once',
    marks: '{n} emphasis marks in one block',
    block: 'one block of {n} characters',
  },
  linkRemoved: 'Link removed: not an http, https or mailto URL',
  imageNotLoaded: 'Image not loaded: {reason}',
  imageAlt: '[image: {alt}]',
}

/** Every English text: the table a translation starts from (the cards' default). */
export const LABELS_EN: Labels = /* @__PURE__ */ everyText(LABELS_EN_BASE)

function everyText(base: Labels): Labels {
  return { ...base, ...WEB_MEANINGS_EN, ...WEB_TEXTS_EN, ...SESSION_LABELS_EN, ...LATER_TEXTS_EN }
}

/** A host's replacement texts: any subset; a record (such as `status`) may be given in part. */
export type LabelOverrides = {
  [K in keyof Labels]?: Labels[K] extends Plural | string ? Labels[K] : Partial<Labels[K]>
}

function isRecordGroup(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !('other' in v)
}

/**
 * `base` with a host's overrides laid over it. Only strings and well-formed plurals are taken (the host
 * may pass anything); a record group is merged entry by entry.
 */
export function mergeLabels(base: Labels, overrides: LabelOverrides | undefined | null): Labels {
  if (!overrides || typeof overrides !== 'object') return base
  const out: Record<string, unknown> = { ...base }
  for (const key of Object.keys(base) as Array<keyof Labels>) {
    if (!Object.hasOwn(overrides, key)) continue
    const value = (overrides as Record<string, unknown>)[key]
    const current = base[key] as unknown
    if (typeof current === 'string') {
      if (typeof value === 'string') out[key] = value
    } else if (isRecordGroup(current)) {
      if (isRecordGroup(value)) {
        const merged: Record<string, unknown> = { ...current }
        for (const k of Object.keys(value)) if (typeof value[k] === 'string') merged[k] = value[k]
        out[key] = merged
      }
    } else if (isPlural(value)) {
      out[key] = value
    }
  }
  return out as unknown as Labels
}

function isPlural(v: unknown): v is Plural {
  if (v === null || typeof v !== 'object' || typeof (v as Plural).other !== 'string') return false
  return Object.values(v).every((x) => typeof x === 'string')
}

/** `template` with each `{name}` replaced by `params[name]`; unknown names stay as written. */
export function fill(template: string, params?: Readonly<Record<string, string | number>>): string {
  if (!params || !template.includes('{')) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}
