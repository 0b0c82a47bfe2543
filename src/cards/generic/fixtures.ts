import type { CardModel } from '../../protocol'

/** A small successful call with a JSON output. */
export const smallModel: CardModel = {
  id: 'call-small',
  toolName: 'lookup_weather',
  args: { city: 'Lisbon', units: 'metric', days: 3, include: ['wind', 'rain'] },
  status: 'completed',
  durationMs: 842,
  intent: {
    card: 'generic',
    output: { city: 'Lisbon', forecast: [{ day: 'Mon', high: 21, low: 14, rain: false }] },
  },
}

/** A failed call with an error message and no intent. */
export const failedModel: CardModel = {
  id: 'call-failed',
  toolName: 'deploy_service',
  args: { service: 'api', environment: 'production', dryRun: false },
  status: 'failed',
  durationMs: 12_400,
  error: 'Error: permission denied: role "ci" cannot deploy to "production"\n    at deploy (deploy.ts:41:11)',
}

function bigObject(keys: number): Record<string, number> {
  const out: Record<string, number> = {}
  for (let i = 0; i < keys; i++) out[`key_${String(i).padStart(5, '0')}`] = i
  return out
}

/** 10,000-key object as input, 1,000,000-item array as output. */
export function largeModel(): CardModel {
  return {
    id: 'call-large',
    toolName: 'export_table',
    args: bigObject(10_000),
    status: 'completed',
    intent: {
      card: 'generic',
      input: bigObject(10_000),
      output: Array.from({ length: 1_000_000 }, (_, i) => i),
    },
  }
}

/** XSS payloads in the tool name, arguments and output. */
export const hostileModel: CardModel = {
  id: 'call-hostile',
  toolName: '<img src=x onerror="alert(1)">',
  args: {
    '<script>alert(1)</script>': 'javascript:alert(1)',
    html: '<a href="javascript:alert(2)">click</a>',
    style: '<style>body{display:none}</style>',
  },
  status: 'completed',
  intent: {
    card: 'generic',
    output: '<svg onload=alert(3)></svg>\n"><iframe srcdoc="<script>alert(4)</script>">',
  },
}

/** A tool result made of content blocks: text, a picture, a link, an embedded resource, and a hostile image. */
export const contentBlocksModel: CardModel = {
  id: 'call-blocks',
  toolName: 'get_tiny_image',
  args: {},
  status: 'completed',
  intent: {
    card: 'generic',
    output: {
      content: [
        { type: 'text', text: 'This is a tiny image:' },
        {
          type: 'image',
          mimeType: 'image/png',
          bytes: 68,
          dataUrl:
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        },
        {
          type: 'image',
          mimeType: 'image/svg+xml',
          dataUrl: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
        },
        { type: 'resource_link', uri: 'https://example.com/spec', name: 'spec', title: 'The spec' },
        { type: 'resource_link', uri: 'javascript:alert(1)', name: 'evil link' },
        {
          type: 'resource',
          uri: 'test://static/resource/1',
          mimeType: 'text/plain',
          text: 'Resource 1: plain text',
        },
      ],
      structuredContent: { width: 1, height: 1 },
    },
  },
}
