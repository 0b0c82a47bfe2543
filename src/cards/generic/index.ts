export type { GenericCardProps } from './GenericCard'
export { GENERIC_LINE_LIMIT, GenericCard, ProblemList, TextOutput } from './GenericCard'
export type { JsonTreeProps } from './JsonTree'
export { JSON_PAGE_SIZE, JSON_STRING_PREVIEW, JsonTree } from './JsonTree'
