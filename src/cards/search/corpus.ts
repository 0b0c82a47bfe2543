// Real Grep and Glob results, copied verbatim (input and \`toolUseResult\`) from the Claude Code sessions in
// test/fixtures/corpus/claude-code/ (see its SOURCES.md: marot/spotter, MIT). Generated once by a script;
// the mapping to render intents is written by hand in fixtures.ts (no adapter is imported).

export interface CorpusCall {
  file: string
  toolUseId: string
  tool: 'grep' | 'glob'
  input: Record<string, unknown>
  result: Record<string, unknown>
}

export const corpusSearchCalls: CorpusCall[] = [
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01493jztVfN5D5vWLnoqt9z6',
    tool: 'glob',
    input: {
      pattern: 'test/spotter/services/transcript_renderer_test.exs',
    },
    result: {
      filenames: [
        '/home/USER/projects/spotter-worktrees/spotter-fum/test/spotter/services/transcript_renderer_test.exs',
      ],
      durationMs: 484,
      numFiles: 1,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01Jnfeoq4T4itvYHte3qbb11',
    tool: 'glob',
    input: {
      pattern: 'test/fixtures/transcripts/*.jsonl',
    },
    result: {
      filenames: [
        '/home/USER/projects/spotter-worktrees/spotter-fum/test/fixtures/transcripts/short.jsonl',
        '/home/USER/projects/spotter-worktrees/spotter-fum/test/fixtures/transcripts/subagent.jsonl',
        '/home/USER/projects/spotter-worktrees/spotter-fum/test/fixtures/transcripts/tool_heavy.jsonl',
      ],
      durationMs: 568,
      numFiles: 3,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01GgxphdAH6Rs81J47ojEJCA',
    tool: 'grep',
    input: {
      pattern: 'agentId',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/test/fixtures/transcripts/subagent.jsonl',
      output_mode: 'count',
    },
    result: {
      mode: 'count',
      numFiles: 0,
      filenames: [],
      content: '20',
      numMatches: 0,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01SbhThi3xHhDvtSLrxxtGKt',
    tool: 'grep',
    input: {
      pattern: 'agent-[a-zA-Z0-9]',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/test/fixtures/transcripts/subagent.jsonl',
      output_mode: 'count',
    },
    result: {
      mode: 'count',
      numFiles: 0,
      filenames: [],
      content: '',
      numMatches: 0,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_014nSfrtFrbm8BHFWqGoNjnP',
    tool: 'grep',
    input: {
      pattern: 'TranscriptRenderer\\.render\\b',
      output_mode: 'files_with_matches',
    },
    result: {
      mode: 'files_with_matches',
      filenames: [
        '.beads/issues.jsonl',
        'test/spotter/services/transcript_renderer_test.exs',
        'test/spotter/services/transcript_sync_test.exs',
        'lib/spotter_web/live/pane_view_live.ex',
        'lib/spotter_web/live/session_live.ex',
      ],
      numFiles: 5,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_013BhU7vDtgjfDHaruT32Ppg',
    tool: 'grep',
    input: {
      pattern: '"thinking"',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/test/fixtures/transcripts',
      output_mode: 'count',
    },
    result: {
      mode: 'count',
      numFiles: 3,
      filenames: [],
      content:
        'test/fixtures/transcripts/short.jsonl:1\ntest/fixtures/transcripts/subagent.jsonl:4\ntest/fixtures/transcripts/tool_heavy.jsonl:1',
      numMatches: 6,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01VRfX2DQcUaPp7caZMS1xBM',
    tool: 'grep',
    input: {
      pattern: 'TranscriptRenderer\\.render\\b',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter_web/live/session_live.ex',
      output_mode: 'content',
      '-C': 3,
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content:
        '319-    case Session |> Ash.Query.filter(session_id == ^session_id) |> Ash.read_one() do\n320-      {:ok, %Session{} = session} ->\n321-        messages = load_session_messages(session)\n322:        {session, messages, TranscriptRenderer.render(messages)}\n323-\n324-      _ ->\n325-        {nil, [], []}',
      numLines: 7,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01Q7rYH4HSQE3NB4adgZmjFP',
    tool: 'grep',
    input: {
      pattern: 'TranscriptRenderer\\.render\\b',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter_web/live/pane_view_live.ex',
      output_mode: 'content',
      '-C': 3,
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content:
        '148-    case Ash.get(Session, session_id) do\n149-      {:ok, session} ->\n150-        messages = load_session_messages(session)\n151:        rendered_lines = TranscriptRenderer.render(messages)\n152-\n153-        {:noreply,\n154-         assign(socket,',
      numLines: 7,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_017S1DmDdE9xPv2JnXC8qK4y',
    tool: 'grep',
    input: {
      pattern: '"agentId"',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/test/fixtures/transcripts/subagent.jsonl',
      output_mode: 'content',
      head_limit: 3,
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content:
        '37:[Omitted long matching line]\n38:[Omitted long matching line]\n39:[Omitted long matching line]',
      numLines: 3,
      appliedLimit: 3,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_015rHdFvJjujdYqkGYireUBF',
    tool: 'grep',
    input: {
      pattern: 'length\\(',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/test/spotter/services/transcript_renderer_test.exs',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content:
        '162:      assert line_numbers == Enum.to_list(1..length(result))\n393:      assert length(code_lines) == 3\n395:      assert length(plain_lines) == 2\n414:      assert length(code_lines) == 2\n434:      assert length(code_lines) == 3\n454:      assert length(code_lines) == 3',
      numLines: 6,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01Fi92iAVyFXpKDktdpRvQLY',
    tool: 'grep',
    input: {
      pattern: 'type_color',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter_web/live/session_live.ex',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content: '',
      numLines: 0,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01BvhzC2ctdVp5D7oZDmLVvJ',
    tool: 'grep',
    input: {
      pattern: 'type_color',
      output_mode: 'files_with_matches',
    },
    result: {
      mode: 'files_with_matches',
      filenames: ['lib/spotter_web/live/pane_view_live.ex'],
      numFiles: 1,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_013fyuWXgZmpH1sMEkWTCyH7',
    tool: 'grep',
    input: {
      pattern: 'attribute :cwd',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter/transcripts/session.ex',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content: '78:    attribute :cwd, :string',
      numLines: 1,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01Dwt4CUN4SDdzLNw58q4nMz',
    tool: 'grep',
    input: {
      pattern: 'priv/static/assets|/assets',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/.gitignore',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content: '17:priv/static/assets/',
      numLines: 1,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01P2yopxohkV3uHckDt2PUUF',
    tool: 'glob',
    input: {
      pattern: 'assets/css/**/*',
    },
    result: {
      filenames: [],
      durationMs: 782,
      numFiles: 0,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_018zmbvgmrksfn9qynNJjvJA',
    tool: 'grep',
    input: {
      pattern: 'css|esbuild|tailwind',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/config/config.exs',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content: '',
      numLines: 0,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01NUsvui4KZaRiyztcKbPo9x',
    tool: 'grep',
    input: {
      pattern: 'esbuild|css|watchers',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/config',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content: 'config/dev.exs:21:  watchers: [',
      numLines: 1,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01BrtJnw3QjkXxr8NVm8AaVA',
    tool: 'glob',
    input: {
      pattern: 'test/spotter_web/live/*',
    },
    result: {
      filenames: [],
      durationMs: 907,
      numFiles: 0,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01XpQ2K7xRsJiddg7xWvXTXt',
    tool: 'glob',
    input: {
      pattern: 'assets/test/*',
    },
    result: {
      filenames: ['/home/USER/projects/spotter-worktrees/spotter-fum/assets/test/terminal-rendering.test.js'],
      durationMs: 896,
      numFiles: 1,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01UdPX9Tg7ec4itUvmKyg8rH',
    tool: 'glob',
    input: {
      pattern: 'test/spotter_web/**/*',
    },
    result: {
      filenames: [
        '/home/USER/projects/spotter-worktrees/spotter-fum/test/spotter_web/controllers/hooks_controller_test.exs',
        '/home/USER/projects/spotter-worktrees/spotter-fum/test/spotter_web/error_rendering_test.exs',
      ],
      durationMs: 821,
      numFiles: 2,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01NCp6XAmXXZje3MKqBt8hrS',
    tool: 'glob',
    input: {
      pattern: 'assets/vitest*',
    },
    result: {
      filenames: ['/home/USER/projects/spotter-worktrees/spotter-fum/assets/vitest.config.js'],
      durationMs: 924,
      numFiles: 1,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_018nCUq2FjNFUX15voBUSMQ4',
    tool: 'glob',
    input: {
      pattern: 'assets/package.json',
    },
    result: {
      filenames: ['/home/USER/projects/spotter-worktrees/spotter-fum/assets/package.json'],
      durationMs: 876,
      numFiles: 1,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_0193MNsvBLAatEsGWZFyZ96t',
    tool: 'glob',
    input: {
      pattern: 'test/support/**/*',
    },
    result: {
      filenames: ['/home/USER/projects/spotter-worktrees/spotter-fum/test/support/data_case.ex'],
      durationMs: 732,
      numFiles: 1,
      truncated: false,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01JxXjk4fVgwuWnhvr4MyjTF',
    tool: 'grep',
    input: {
      pattern: 'SessionLive|session_live',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter_web',
      glob: '*router*',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content: 'lib/spotter_web/router.ex:33:    live("/sessions/:session_id", SessionLive)',
      numLines: 1,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01HjU51c5FF5vvFYLSCXBqnQ',
    tool: 'grep',
    input: {
      pattern: 'live.*session',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter_web',
      glob: '*router*',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content: 'lib/spotter_web/router.ex:33:    live("/sessions/:session_id", SessionLive)',
      numLines: 1,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01KRJPeCWbgZdCQKEgydqNC2',
    tool: 'grep',
    input: {
      pattern: 'attribute|accept|create',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter/transcripts/session.ex',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content:
        '25:    create :create do\n28:      accept [\n46:      accept [\n59:      accept []\n60:      change set_attribute(:hidden_at, &DateTime.utc_now/0)\n64:      accept []\n65:      change set_attribute(:hidden_at, nil)\n69:  attributes do\n72:    attribute :session_id, :uuid do\n76:    attribute :slug, :string\n77:    attribute :transcript_dir, :string\n78:    attribute :cwd, :string\n79:    attribute :git_branch, :string\n80:    attribute :version, :string\n82:    attribute :started_at, :utc_datetime_usec\n83:    attribute :ended_at, :utc_datetime_usec\n85:    attribute :schema_version, :integer do\n90:    attribute :message_count, :integer\n91:    attribute :hidden_at, :utc_datetime_usec, allow_nil?: true\n93:    create_timestamp :inserted_at',
      numLines: 20,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01YMhgH1ewNxVKpnQ6FD6ZzT',
    tool: 'grep',
    input: {
      pattern: 'agent[-_]|agent_id',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/test/fixtures/transcripts/subagent.jsonl',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content:
        '5:[Omitted long matching line]\n36:[Omitted long matching line]\n37:[Omitted long matching line]\n38:[Omitted long matching line]\n39:[Omitted long matching line]\n40:[Omitted long matching line]\n41:[Omitted long matching line]\n42:[Omitted long matching line]\n43:[Omitted long matching line]\n44:[Omitted long matching line]\n45:[Omitted long matching line]\n46:[Omitted long matching line]\n47:[Omitted long matching line]\n48:[Omitted long matching line]\n49:[Omitted long matching line]\n50:[Omitted long matching line]\n51:[Omitted long matching line]\n52:[Omitted long matching line]\n53:[Omitted long matching line]\n54:[Omitted long matching line]\n55:[Omitted long matching line]',
      numLines: 21,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_01QbKsDN7EAcCzzwTxoV8RTm',
    tool: 'grep',
    input: {
      pattern: 'secret_key_base|SpotterWeb.Endpoint',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/config',
      output_mode: 'content',
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content:
        'config/config.exs:14:config :spotter, SpotterWeb.Endpoint,\nconfig/dev.exs:10:config :spotter, SpotterWeb.Endpoint,\nconfig/dev.exs:16:  secret_key_base:',
      numLines: 3,
    },
  },
  {
    file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    toolUseId: 'toolu_013JLdEiqPTgZ6hGuxXtGzmi',
    tool: 'grep',
    input: {
      pattern: 'lazy_html|defp deps',
      path: '/home/USER/projects/spotter-worktrees/spotter-fum/mix.exs',
      output_mode: 'content',
      '-n': true,
    },
    result: {
      mode: 'content',
      numFiles: 0,
      filenames: [],
      content: '28:  defp deps do',
      numLines: 1,
    },
  },
  {
    file: 'subagent.jsonl',
    toolUseId: 'toolu_01MumzJGYTo26Ds3LsuSkd5Z',
    tool: 'glob',
    input: {
      pattern: '**/mix.exs',
    },
    result: {
      filenames: [
        '/home/marco/projects/spotter/deps/sourceror/mix.exs',
        '/home/marco/projects/spotter/deps/finch/mix.exs',
        '/home/marco/projects/spotter/deps/owl/mix.exs',
        '/home/marco/projects/spotter/deps/spitfire/mix.exs',
        '/home/marco/projects/spotter/deps/igniter/mix.exs',
        '/home/marco/projects/spotter/deps/mime/mix.exs',
        '/home/marco/projects/spotter/deps/jason/mix.exs',
        '/home/marco/projects/spotter/deps/mint/mix.exs',
        '/home/marco/projects/spotter/deps/text_diff/mix.exs',
        '/home/marco/projects/spotter/deps/nimble_pool/mix.exs',
        '/home/marco/projects/spotter/deps/hpax/mix.exs',
        '/home/marco/projects/spotter/deps/telemetry/mix.exs',
        '/home/marco/projects/spotter/deps/req/mix.exs',
        '/home/marco/projects/spotter/deps/glob_ex/mix.exs',
        '/home/marco/projects/spotter/deps/rewrite/mix.exs',
        '/home/marco/projects/spotter/deps/nimble_options/mix.exs',
        '/home/marco/projects/spotter/deps/phoenix/mix.exs',
        '/home/marco/projects/spotter/deps/stream_data/mix.exs',
        '/home/marco/projects/spotter/deps/ecto/mix.exs',
        '/home/marco/projects/spotter/deps/phoenix_pubsub/mix.exs',
        '/home/marco/projects/spotter/deps/libgraph/mix.exs',
        '/home/marco/projects/spotter/deps/ash_ai/mix.exs',
        '/home/marco/projects/spotter/deps/phoenix_live_view/mix.exs',
        '/home/marco/projects/spotter/deps/ash_sqlite/mix.exs',
        '/home/marco/projects/spotter/deps/json_xema/mix.exs',
        '/home/marco/projects/spotter/deps/reactor/mix.exs',
        '/home/marco/projects/spotter/deps/conv_case/mix.exs',
        '/home/marco/projects/spotter/deps/ash_phoenix/mix.exs',
        '/home/marco/projects/spotter/deps/websock/mix.exs',
        '/home/marco/projects/spotter/deps/plug/mix.exs',
        '/home/marco/projects/spotter/deps/crux/mix.exs',
        '/home/marco/projects/spotter/deps/splode/mix.exs',
        '/home/marco/projects/spotter/deps/websock_adapter/mix.exs',
        '/home/marco/projects/spotter/deps/ash_oban/mix.exs',
        '/home/marco/projects/spotter/deps/ash/mix.exs',
        '/home/marco/projects/spotter/deps/ymlr/mix.exs',
        '/home/marco/projects/spotter/deps/phoenix_template/mix.exs',
        '/home/marco/projects/spotter/deps/oban_web/mix.exs',
        '/home/marco/projects/spotter/deps/tidewave/mix.exs',
        '/home/marco/projects/spotter/deps/yaml_elixir/mix.exs',
        '/home/marco/projects/spotter/deps/ets/mix.exs',
        '/home/marco/projects/spotter/deps/ash_json_api/mix.exs',
        '/home/marco/projects/spotter/deps/spark/mix.exs',
        '/home/marco/projects/spotter/deps/plug_crypto/mix.exs',
        '/home/marco/projects/spotter/deps/usage_rules/mix.exs',
        '/home/marco/projects/spotter/deps/phoenix_html/mix.exs',
        '/home/marco/projects/spotter/deps/iterex/mix.exs',
        '/home/marco/projects/spotter/deps/decimal/mix.exs',
        '/home/marco/projects/spotter/deps/cc_precompiler/mix.exs',
        '/home/marco/projects/spotter/deps/circular_buffer/mix.exs',
        '/home/marco/projects/spotter/deps/ecto_sqlite3/mix.exs',
        '/home/marco/projects/spotter/deps/elixir_make/mix.exs',
        '/home/marco/projects/spotter/deps/db_connection/mix.exs',
        '/home/marco/projects/spotter/deps/ecto_sql/mix.exs',
        '/home/marco/projects/spotter/deps/postgrex/mix.exs',
        '/home/marco/projects/spotter/deps/ash_sql/mix.exs',
        '/home/marco/projects/spotter/deps/oban_met/mix.exs',
        '/home/marco/projects/spotter/deps/langchain/mix.exs',
        '/home/marco/projects/spotter/deps/gettext/mix.exs',
        '/home/marco/projects/spotter/deps/expo/mix.exs',
        '/home/marco/projects/spotter/deps/open_api_spex/mix.exs',
        '/home/marco/projects/spotter/deps/exqlite/mix.exs',
        '/home/marco/projects/spotter/deps/oban/mix.exs',
        '/home/marco/projects/spotter/deps/xema/mix.exs',
        '/home/marco/projects/spotter/mix.exs',
        '/home/marco/projects/spotter/deps/bandit/mix.exs',
        '/home/marco/projects/spotter/deps/thousand_island/mix.exs',
      ],
      durationMs: 175,
      numFiles: 67,
      truncated: false,
    },
  },
  {
    file: 'tool_heavy.jsonl',
    toolUseId: 'toolu_01JJds55jYrYwd9TktNGndRY',
    tool: 'glob',
    input: {
      pattern: 'assets/js/**/*.js',
    },
    result: {
      filenames: ['/home/marco/projects/spotter/assets/js/app.js'],
      durationMs: 230,
      numFiles: 1,
      truncated: false,
    },
  },
]
