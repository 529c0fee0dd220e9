import type { Message } from '../../src/messages/types.js';

/** A 1×1 PNG, base64. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A tiny stand-in PDF, base64. */
export const PDF_BASE64 = Buffer.from('%PDF-1.4 compactkit test').toString('base64');

/**
 * A conversation with every feature the formats share: tool calls with a tool error, base64 and URL images,
 * a PDF, and tool arguments that are not valid JSON. Each format's round trip starts from it.
 */
export const conversation: Message[] = [
  { role: 'system', content: 'You are a careful coding agent.' },
  {
    role: 'user',
    content: 'What is in these? <|endoftext|> stays text.',
    attachments: [
      { type: 'image', mediaType: 'image/png', data: PNG_BASE64 },
      { type: 'image', url: 'https://example.com/cat.jpg' },
      { type: 'file', mediaType: 'application/pdf', data: PDF_BASE64, filename: 'spec.pdf' },
    ],
  },
  {
    role: 'assistant',
    content: 'Let me look.',
    toolCalls: [
      { id: 'call_1', name: 'read_file', arguments: { path: 'src/index.ts' } },
      { id: 'call_2', name: 'run', arguments: '{"cmd": "ls -la' },
    ],
  },
  { role: 'tool', content: 'export {}', toolCallId: 'call_1', toolName: 'read_file' },
  { role: 'tool', content: 'unterminated quote', toolCallId: 'call_2', toolName: 'run', isError: true },
  { role: 'assistant', content: 'Done.' },
];
