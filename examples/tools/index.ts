export { demoFiles, fakeShellRunner, memoryFiles } from './fakes'
export type { FileSource, ReadFileArgs, ReadFileMeta, ReadFileValue } from './read-file'
export {
  createReadFileTool,
  presentReadFileResult,
  readFileMeta,
  readFileValueSchema,
  renderReadFile,
} from './read-file'
export type { FileMap, IndexValue, LineIndex, ScanValue, SearchArgs } from './search'
export {
  buildLineIndex,
  createIndexSearchTool,
  createScanSearchTool,
  indexValueSchema,
  presentIndex,
  presentScan,
  presentSearchCall,
  renderIndex,
  renderScan,
  scanFiles,
  scanValueSchema,
  searchInputSchema,
} from './search'
export type { ShellArgs, ShellRunner, ShellValue } from './shell'
export {
  createShellTool,
  presentShellCall,
  presentShellResult,
  renderShell,
  shellInputSchema,
  shellValueSchema,
} from './shell'
