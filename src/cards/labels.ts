import type { CardStatus } from '../protocol'
import type { DiffFileStatus } from '../text/diff'
import type { WebOutcomeKind } from '../text/web'

/**
 * Every string the cards show or announce, in one table: status labels, buttons, notices, counts. A host
 * replaces any of them through `ToolcardsProvider` (`labels`), and names the locale numbers are formatted
 * in (`locale`); the kit ships English (`LABELS_EN`) and Simplified Chinese (`LABELS_ZH_CN`).
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
  statusTitle: string
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
  errorTitle: string
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
  exitCodeTitle: string
  signalTitle: string
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
  noOutputStderrBelow: string
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
  binaryContentUnknownSize: string
  showAsText: string
  contentsOf: string
  openAtLine: string
  openAtLineBefore: string
  highlightLongLines: string
  highlightTimeLimit: string
  highlightLoadFailed: string
  crlf: string
  crlfTitle: string
  // --- diff --------------------------------------------------------------------------------------
  fileStatus: Record<DiffFileStatus, string>
  diffVerb: Record<DiffFileStatus, string>
  changes: string
  changesInFiles: Plural
  unified: string
  split: string
  splitUnavailable: string
  copyDiff: string
  waitingForChanges: string
  noChanges: string
  noContentChanges: string
  noChangesToShow: string
  emptyFileCreated: string
  emptyFileDeleted: string
  diffCounts: string
  changedFiles: string
  jumpToFile: string
  showMoreFiles: Plural
  openFile: string
  diffReplaced: string
  diffPartlyReplaced: string
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
  matchLine: string
  // --- web ---------------------------------------------------------------------------------------
  webSearch: string
  fetch: string
  results: Plural
  searchUrl: string
  url: string
  redirectedTo: string
  httpStatus: string
  content: string
  bytes: Plural
  fetchFailed: string
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
  // --- generic -----------------------------------------------------------------------------------
  input: string
  invalidIntent: string
  shortened: string
  emptyText: string
  outputText: string
  notJson: string
  cardNotBuilt: string
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
  // --- units -------------------------------------------------------------------------------------
  durationMs: string
  durationS: string
  durationMin: string
  durationH: string
}

export const LABELS_EN: Labels = {
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
  statusTitle: 'Status',
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
  approvalSending: 'Sending “{label}”…',
  approvalDecided: 'Decision:',
  approvalBy: 'by {who}',
  approvalUndecided: 'No decision was made.',
  errorTitle: 'Error',
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
  exitCodeTitle: 'Exit code',
  signalTitle: 'Ended by a signal',
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
  noOutputStderrBelow: 'No standard output; standard error below.',
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
  binaryContentUnknownSize: 'Binary data: not shown.',
  showAsText: 'Show as text',
  contentsOf: 'Contents of {label}',
  openAtLine: 'Open {path} at line {line}',
  openAtLineBefore: 'Open {path} at line {line} (before the change)',
  highlightLongLines: 'Lines this long are not highlighted.',
  highlightTimeLimit: 'Highlighting stopped at its time limit; the rest is plain text.',
  highlightLoadFailed: 'The highlighter could not load this language; shown as plain text.',
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
  splitUnavailable: 'Split view needs a wider card',
  copyDiff: 'Copy diff',
  waitingForChanges: 'Waiting for changes…',
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
  openFile: 'Open {path}',
  diffReplaced:
    'These texts are too different to align line by line quickly: shown as the old text removed and the new one added.',
  diffPartlyReplaced: 'Some regions are too different to align quickly: shown as removed and added.',
  binaryFile: 'Binary file: its contents are not shown.',
  patchMalformed: 'This patch is malformed; showing what could be read. The raw text is below.',
  patchUnreadable: 'This patch could not be read; showing the raw text.',
  problemAtLine: 'line {line}: {message}',
  moreProblems: { one: '{n} more', other: '{n} more' },
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
  matchLine: 'match',

  webSearch: 'Web search',
  fetch: 'Fetch',
  results: { one: '{n} result', other: '{n} results' },
  searchUrl: 'Search URL',
  url: 'URL',
  redirectedTo: 'Redirected to',
  httpStatus: 'Status',
  content: 'Content',
  bytes: { one: '{n} byte', other: '{n} bytes' },
  fetchFailed: 'Failed',
  outcome: {
    dns: 'DNS failure',
    timeout: 'Timed out',
    refused: 'Connection refused',
    tls: 'TLS failure',
    network: 'Network error',
    unknown: 'Failed',
  },
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
  notALinkReason: '(not a link: {reason})',
  userNameBeforeHost: 'user name before the host',
  userNameBeforeHostTitle: 'The part before "@" is a user name; the host is {host}',
  internationalizedHost: 'internationalized host',
  internationalizedHostTitle:
    'The host has internationalized labels, shown in punycode: it may imitate another host',
  noResults: 'No results.',
  showingCharacters: {
    one: 'Showing {shown} of {n} character.',
    other: 'Showing {shown} of {n} characters.',
  },
  wholeExcerptPlain: 'The whole excerpt shows as plain text.',
  excerptLines: { one: 'Excerpt, {n} line', other: 'Excerpt, {n} lines' },
  linkRemoved: 'Link removed: not an http, https or mailto URL',
  imageNotLoaded: 'Image not loaded: {reason}',
  image: '[image]',
  imageAlt: '[image: {alt}]',
  pageText: 'Text from the page',
  pageExcerpt: 'Page excerpt',
  pageTextNote: 'written by the page, not by this tool',

  input: 'Input',
  invalidIntent: 'Invalid render intent',
  shortened: 'Shortened',
  emptyText: '(empty)',
  outputText: 'Output text',
  notJson: '(could not be written as JSON: {message})',
  cardNotBuilt: 'The {card} card is not built yet; showing its intent as data.',
  items: { one: '{n} item', other: '{n} items' },
  keys: { one: '{n} key', other: '{n} keys' },
  jsonShown: '{shown} of {total} shown.',
  showMore: { one: 'Show {n} more', other: 'Show {n} more' },
  imageBlock: 'Image',
  imageBlockType: 'Image ({type})',
  imageBlockTypeSize: 'Image ({type}, {size})',
  notShown: '{what}: not shown',
  link: 'Link:',
  resource: 'Resource',
  toolResultImage: 'Tool result',
  markdown: 'Text (markdown)',

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

  durationMs: '{n} ms',
  durationS: '{n} s',
  durationMin: '{m} min {s} s',
  durationH: '{h} h {m} min',
}

export const LABELS_ZH_CN: Labels = {
  status: {
    pending: '等待中',
    running: '运行中',
    'awaiting-approval': '等待批准',
    completed: '已完成',
    failed: '失败',
    cancelled: '已取消',
    rejected: '已拒绝',
    unknown: '未知',
  },
  statusUnknown: '未知状态',
  statusTitle: '状态',
  durationTitle: '耗时',
  subAgent: '子代理',
  subAgentTitle: '由子代理调用',
  copy: '复制',
  copied: '已复制',
  open: '打开',
  showAll: '全部显示',
  showLess: '收起',
  showAllCharacters: { other: '显示全部 {n} 个字符' },
  announceFinished: '{title}：{status}',
  statusWithDetail: '{status}（{detail}）',
  cutHeadline: '输出已截断',
  cutHeadlineReason: '输出已截断（{reason}）',
  cutShowingBytes: '显示 {shown}，共 {total}',
  cutTotalBytes: '共 {total}',
  cutShownLines: '{shown} 行，共 {total} 行',
  cutTotalLines: { other: '共 {n} 行' },
  cutSentence: '{headline}：{details}。',
  cutSentenceShort: '{headline}。',
  listSeparator: '，',
  spillKeptAt: '完整结果保存在',
  copyFailed: '复制失败：{message}',
  openPathFailed: '打开 {path} 失败：{message}',
  openLinkFailed: '打开链接失败：{message}',
  noClipboard: '没有可用的剪贴板',
  decisionFailed: '发送决定失败：{message}',
  noDecisions: '宿主不接收决定',
  approvalHeading: '需要批准',
  approvalWaiting: '等待决定。可选项：',
  approvalSending: '正在发送“{label}”…',
  approvalDecided: '决定：',
  approvalBy: '由 {who}',
  approvalUndecided: '没有做出决定。',
  errorTitle: '错误',
  moreCharacters: { other: '… 还有 {n} 个字符' },
  lineCutCopy: { other: ' … 行已截断：共 {n} 个字符（复制可得全部）' },

  bidiWarning: '此文本含有双向控制字符，可能使其读起来与实际内容不同。这些字符以 <U+…> 标记显示。',
  invisibleTitle: '{code} {name}',
  invisibleBidiTitle: '{code} {name}：可能改变文本的阅读顺序',
  notALink: '不是链接：{reason}',
  wrap: '换行',
  lines: { other: '{n} 行' },

  exitCode: '退出码 {code}',
  exitCodeTitle: '退出码',
  signalTitle: '被信号终止',
  timedOut: '已超时',
  interrupted: '已中断',
  background: '后台',
  inBackground: '后台运行中',
  copyOutput: '复制输出',
  copyCommand: '复制命令',
  fullCommand: '完整命令',
  output: '输出',
  stderr: '标准错误',
  stderrHeading: 'stderr',
  waitingForOutput: '等待输出…',
  noOutput: '无输出',
  noOutputStderrBelow: '没有标准输出；标准错误见下方。',
  outputLines: { other: '{label}，{n} 行' },
  outputLastLines: { other: '{label}，最后 {n} 行' },
  earlierLinesHidden: { other: '已隐藏前面 {n} 行' },
  showAllLines: { other: '显示全部 {n} 行' },
  showLastLines: { other: '只显示最后 {n} 行' },
  linesDropped: { other: '为保持卡片流畅，中间省略了 {n} 行；复制输出可得其余内容。' },
  droppedMarker: { other: '… 省略 {n} 行 …' },
  terminalLineCut: { other: ' … 还有 {n} 个字符（显示时截断；复制输出可得全部）' },

  readRangeOf: '第 {start}–{end} 行，共 {total} 行',
  readRange: '第 {start}–{end} 行',
  emptyFile: '空文件',
  language: '语言',
  binary: '二进制',
  binaryContent: '二进制数据，{size}：不显示。',
  binaryContentUnknownSize: '二进制数据：不显示。',
  showAsText: '按文本显示',
  contentsOf: '{label} 的内容',
  openAtLine: '在第 {line} 行打开 {path}',
  openAtLineBefore: '在第 {line} 行打开 {path}（修改前）',
  highlightLongLines: '过长的行不做语法高亮。',
  highlightTimeLimit: '语法高亮已达时间上限；其余部分为纯文本。',
  highlightLoadFailed: '无法加载该语言的高亮；以纯文本显示。',
  crlf: 'CRLF',
  crlfTitle: '行以 CR LF 结尾（Windows 换行符）',

  fileStatus: {
    added: '新增',
    deleted: '删除',
    modified: '修改',
    renamed: '重命名',
    copied: '复制',
    binary: '二进制',
  },
  diffVerb: {
    added: '新建',
    deleted: '删除',
    modified: '编辑',
    renamed: '重命名',
    copied: '复制',
    binary: '编辑',
  },
  changes: '更改',
  changesInFiles: { other: '{n} 个文件的更改' },
  unified: '合并',
  split: '并排',
  splitUnavailable: '卡片太窄，无法并排显示',
  copyDiff: '复制差异',
  waitingForChanges: '等待更改…',
  noChanges: '没有更改。',
  noContentChanges: '内容没有更改。',
  noChangesToShow: '没有可显示的更改。',
  emptyFileCreated: '新建了一个空文件。',
  emptyFileDeleted: '删除了一个空文件。',
  diffCounts: '新增 {added} 行，删除 {removed} 行',
  changedFiles: '更改的文件',
  jumpToFile: '转到 {path}',
  showMoreFiles: { other: '再显示 {n} 个文件（还有 {rest} 个未显示）' },
  openFile: '打开 {path}',
  diffReplaced: '这两份文本差异太大，无法快速逐行对齐：显示为删除旧文本、添加新文本。',
  diffPartlyReplaced: '部分区域差异太大，无法快速对齐：显示为删除和添加。',
  binaryFile: '二进制文件：不显示其内容。',
  patchMalformed: '此补丁格式有误；显示能读出的部分。原始文本在下方。',
  patchUnreadable: '无法读取此补丁；显示原始文本。',
  problemAtLine: '第 {line} 行：{message}',
  moreProblems: { other: '还有 {n} 个' },
  rawPatchText: '原始补丁文本',
  moreLinesNotShown: { other: '还有 {n} 行未显示；复制可得全部。' },
  changesTo: '{path} 的更改',
  expandUnchanged: { other: '展开 {n} 行未更改的内容' },
  noNewline: '文件末尾没有换行符',
  noNewlineTitle: '文件末尾没有换行符',
  renamedTo: '重命名为',
  copiedTo: '复制为',

  searchMode: { content: '搜索', files: '查找文件', count: '计数' },
  searching: '搜索中…',
  grouping: { other: '正在分组：{done} / {n} 条结果…' },
  noMatches: '没有匹配',
  noFilesMatched: '没有匹配的文件',
  matches: { other: '{n} 处匹配' },
  files: { other: '{n} 个文件' },
  matchesInFiles: '{files}中有 {matches}',
  showingFirst: '显示前 {shown} 条，共 {total} 条',
  showingFilesOf: '显示 {files}，共 {total} 个',
  resultsCut: '结果已截断',
  listCut: '列表已截断',
  copyPaths: '复制路径',
  flagRegex: '正则',
  flagLiteral: '字面量',
  flagCaseSensitive: '区分大小写',
  flagIgnoreCase: '忽略大小写',
  searchedIn: '位置',
  filesGlob: '文件 {glob}',
  filterByPath: '按路径筛选',
  filterPlaceholder: '路径的一部分',
  filterCount: '{shown} / {files}',
  noPathContains: '没有文件路径包含“{filter}”。',
  searchResults: { other: '搜索结果，{n} 行。方向键或 j、k 移动，Enter 打开。' },
  noPath: '（无路径）',
  openPath: '打开 {path}',
  charactersInAll: { other: ' … 共 {n} 个字符' },
  contextLine: '上下文',
  matchLine: '匹配',

  webSearch: '网页搜索',
  fetch: '抓取',
  results: { other: '{n} 条结果' },
  searchUrl: '搜索 URL',
  url: 'URL',
  redirectedTo: '重定向到',
  httpStatus: '状态',
  content: '内容',
  bytes: { other: '{n} 字节' },
  fetchFailed: '失败',
  outcome: {
    dns: 'DNS 解析失败',
    timeout: '已超时',
    refused: '连接被拒绝',
    tls: 'TLS 失败',
    network: '网络错误',
    unknown: '失败',
  },
  outcomeMeaning: {
    ok: '请求成功。',
    redirect: '页面在别处。',
    informational: '临时响应。',
    'not-found': '此 URL 没有页面。',
    'client-error': '服务器拒绝了请求。',
    'server-error': '服务器出错。',
    dns: '无法解析主机名。',
    timeout: '未能及时得到响应。',
    refused: '该地址没有服务在监听。',
    tls: '无法建立安全连接。',
    network: '连接失败。',
    unknown: '抓取失败。',
  },
  httpMeaning: {
    '100': '服务器在等待请求的其余部分。',
    '101': '服务器切换了协议。',
    '200': '页面已抓取。',
    '201': '请求创建了一个资源。',
    '202': '请求已接受，稍后处理。',
    '203': '代理修改了响应。',
    '204': '请求成功；没有正文。',
    '206': '只发送了部分正文。',
    '301': '页面已永久移动。',
    '302': '页面暂时在别处。',
    '303': '答复在另一个 URL。',
    '304': '缓存副本仍然有效。',
    '307': '页面暂时在别处。',
    '308': '页面已永久移动。',
    '400': '服务器无法理解该请求。',
    '401': '页面需要登录。',
    '402': '页面需要付费。',
    '403': '服务器拒绝访问。',
    '404': '此 URL 没有页面。',
    '405': '服务器在此不允许该方法。',
    '406': '服务器没有客户端可接受的版本。',
    '408': '服务器等待请求超时。',
    '409': '请求与当前状态冲突。',
    '410': '页面已被永久移除。',
    '413': '请求过大。',
    '414': 'URL 过长。',
    '415': '服务器不接受该内容类型。',
    '418': '服务器拒绝煮咖啡。',
    '422': '请求可以理解但无效。',
    '429': '请求过多，已被限流。',
    '451': '因法律原因被屏蔽。',
    '500': '服务器出错。',
    '501': '服务器不支持此操作。',
    '502': '代理从上游收到错误的响应。',
    '503': '服务器宕机或过载。',
    '504': '代理等待上游超时。',
  },
  notALinkReason: '（不是链接：{reason}）',
  userNameBeforeHost: '主机前有用户名',
  userNameBeforeHostTitle: '“@”之前的部分是用户名；主机是 {host}',
  internationalizedHost: '国际化主机名',
  internationalizedHostTitle: '主机名含国际化字符，以 punycode 显示：它可能在冒充另一个主机',
  noResults: '没有结果。',
  showingCharacters: { other: '显示 {shown} 个字符，共 {n} 个。' },
  wholeExcerptPlain: '完整摘录以纯文本显示。',
  excerptLines: { other: '摘录，{n} 行' },
  linkRemoved: '链接已移除：不是 http、https 或 mailto URL',
  imageNotLoaded: '图片未加载：{reason}',
  image: '[图片]',
  imageAlt: '[图片：{alt}]',
  pageText: '页面中的文本',
  pageExcerpt: '页面摘录',
  pageTextNote: '由页面写成，而非本工具',

  input: '输入',
  invalidIntent: '无效的渲染意图',
  shortened: '已缩短',
  emptyText: '（空）',
  outputText: '输出文本',
  notJson: '（无法写成 JSON：{message}）',
  cardNotBuilt: '{card} 卡片尚未实现；以数据形式显示其意图。',
  items: { other: '{n} 项' },
  keys: { other: '{n} 个键' },
  jsonShown: '已显示 {shown} / {total}。',
  showMore: { other: '再显示 {n} 个' },
  imageBlock: '图片',
  imageBlockType: '图片（{type}）',
  imageBlockTypeSize: '图片（{type}，{size}）',
  notShown: '{what}：不显示',
  link: '链接：',
  resource: '资源',
  toolResultImage: '工具结果',
  markdown: '文本（markdown）',

  toolCalls: { other: '{n} 次工具调用' },
  toolCallsLabel: '工具调用',
  expandAll: '全部展开',
  collapseAll: '全部收起',
  eventProblems: { other: '{n} 个事件问题' },
  eventProblem: '事件 {n}{call}：{path}',
  eventProblemCall: '（调用 {id}）',
  moreNotListed: { other: '还有 {n} 个未列出。' },
  toolPartProblems: { other: '工具部分中有 {n} 个问题' },
  messagesIgnored: { other: '已忽略 {n} 条消息' },
  emptySession: '还没有工具调用。',

  durationMs: '{n} 毫秒',
  durationS: '{n} 秒',
  durationMin: '{m} 分 {s} 秒',
  durationH: '{h} 小时 {m} 分',
}

/** A host's replacement texts: any subset; a record (such as `status`) may be given in part. */
export type LabelOverrides = {
  [K in keyof Labels]?: Labels[K] extends Plural | string ? Labels[K] : Partial<Labels[K]>
}

/** The kit's own table for a locale: Simplified Chinese for `zh`, `zh-CN`, `zh-Hans*`, `zh-SG`; else English. */
export function labelsFor(locale: string): Labels {
  return /^zh(-(CN|SG|Hans)(-|$)|$)/i.test(locale) ? LABELS_ZH_CN : LABELS_EN
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
