#include "cli/cli_help.h"

#include <kvs/types.h>

#include <string>

#ifndef KVS_CLI_VERSION
#define KVS_CLI_VERSION "unknown"
#endif

namespace kvs::cli {

std::string_view helpText() noexcept
{
    return R"(kvs - command-line companion of the kvs key-value store (SQLite)

Usage:
  kvs key encode KEY          print the encoded bytes of a key literal, as lower-case hex
  kvs key decode HEX          print the canonical literal of encoded key bytes
  kvs value encode VALUE      print the stored bytes of a value literal, as lower-case hex
  kvs value decode HEX        print the canonical literal of stored value bytes
  kvs --db PATH get KEY|--key-hex HEX
                              print the value at KEY (or at the key stored as the bytes HEX:
                              any row, also one whose key prints as another key)
  kvs --db PATH set KEY VALUE [--ttl MS]
                              write VALUE at KEY (expiring after MS milliseconds); prints the
                              new version
  kvs --db PATH delete KEY|--key-hex HEX
                              delete KEY (or the row whose key is the bytes HEX); prints "ok"
  kvs --db PATH increment KEY [DELTA]
                              add DELTA (default 1) to the number at KEY; prints the new value
  kvs --db PATH list [--prefix KEY] [--start KEY] [--end KEY] [--limit N] [--reverse]
                     [--cursor C]
                              print a page of entries (limit 100 by default, at most 1000);
                              a row whose key or value does not decode is skipped, with a
                              warning on stderr naming its key bytes (hex)
  kvs --db PATH atomic FILE|- [--dry-run] [--max-document-bytes N] [--max-mutations N]
                              run the transaction document in FILE (or on stdin) as one atomic
                              commit: its checks, then its mutations (format below); prints the
                              versionstamp, or the first check that failed (exit 3, nothing
                              written). --dry-run reads the checked keys, read-only, and says
                              whether the commit would pass
  kvs --db PATH export [--prefix KEY] FILE|-
                              write every live entry (or those below KEY) to FILE (or stdout)
                              as JSON lines, in key order, read in pages of 1000 (not one
                              snapshot: a write committed meanwhile may or may not be in it);
                              prints "exported N" (on stderr when the entries go to stdout)
  kvs --db PATH import FILE|- [--overwrite] [--max-line-bytes N]
                              write the entries of an export file (or stdin) in batches of
                              1000, one transaction each; a key that holds an entry keeps it
                              unless --overwrite; prints "imported N, skipped M"
  kvs --db PATH backup DEST [--checkpoint]
                              copy the SQLite store at PATH to the new file DEST from one
                              snapshot (SQLite's backup API inside one read transaction:
                              writers go on meanwhile), check it (quick_check), count its
                              entries and only then rename it to DEST: a backup stopped at any
                              moment leaves DEST absent or complete; prints "backed up N
                              entries (B bytes) to DEST". PostgreSQL (--db URL, --schema):
                              Debian's pg_dump 15 of the store's tables and its versionstamp
                              sequence in its custom format, the same rule for DEST; refused
                              through a connection pooler (connect directly)
  kvs restore SRC DEST [--force]
                              restore the backup SRC to the SQLite file DEST: a new file, an
                              empty one or a store without entries and messages; one that holds
                              data only with --force, and then it is replaced as a whole, never
                              merged (in one write transaction of DEST). A PostgreSQL backup to
                              DEST a URL: into the schema it was dumped from (which must exist),
                              with --force its tables dropped and restored in one transaction
                              (pg_restore). Audited. Between SQLite and PostgreSQL use export and
                              import
  kvs --db PATH|URL maintenance check [--full] | checkpoint [--truncate] | optimize | vacuum |
                    purge-expired | clean-queue
                              look after the store: check (SQLite's quick_check, --full
                              integrity_check; read-only; exit 1 and the problems when it finds
                              any), checkpoint (the WAL into the file; --truncate waits for
                              readers and empties it), optimize (PRAGMA optimize), vacuum
                              (SQLite: VACUUM, writers wait while it runs, says what it
                              reclaimed; PostgreSQL: VACUUM (ANALYZE) of the store's tables,
                              refused on a standby), purge-expired and clean-queue (the store's
                              cleanExpired() and cleanQueue(), say what they removed). All but
                              check are audited
  kvs --db PATH find [--prefix KEY | --start KEY --end KEY] [--text TEXT [--match-case] |
                     --regex RE] [--in-keys] [--where CONDITION] [--limit N]
                     [--keys-only | --count | --export FILE|-]
                              print the live entries (below KEY, or from --start to --end)
                              whose value holds TEXT, matches RE, and for which CONDITION holds
                              (the condition language below), as list prints them, page by
                              page as they are found (read-only; not one snapshot)
  kvs --db PATH analyze [--prefix KEY] [--depth N] [--top N] [--budget SECONDS] [--save]
                        [--compare ID]
                              read every row (or those of KEY's subtree) once, read-only, and
                              print exact figures: totals, per value kind, expiry groups, the
                              tree by bytes to depth N (default 2; past 1000 children of a node
                              the rest are "others"), the top N (default 20) largest entries
                              and children, key and value size buckets, and the rows outside
                              the key space or that do not decode (counted, never fatal); read
                              in pages, not one snapshot. --save keeps the report (in the data
                              folder, per database) and prints its id on stderr; --compare ID
                              adds the change per prefix since saved report ID. --json: one
                              object, the README's schema
  kvs --db PATH queue stats [TOPIC]
                              print the message counts of every topic (or of TOPIC)
  kvs --db PATH queue peek TOPIC [--status pending|delayed|processing|done] [--limit N]
                             [--after ID]
                              print a page of TOPIC's messages of that status (default
                              pending: due), by id, without leasing them
  kvs --db PATH queue dead TOPIC [--limit N] [--after ID]
                              print a page of TOPIC's dead-lettered messages, by id
  kvs --db PATH queue errors TOPIC
                              print TOPIC's dead letters grouped by the signature of their
                              last error (numbers, ids, strings, times, addresses, paths
                              replaced; see "Error signatures" below), the largest first
  kvs --db PATH queue retry TOPIC ID|--all|FILTER... [--rate N] [--dry-run]
                              return the dead message ID (or all of TOPIC's, or those FILTER
                              matches) to pending, due now, attempts 0; prints how many
  kvs --db PATH queue delete-dead TOPIC ID|--all|FILTER... [--rate N] [--dry-run]
                              delete the dead message ID (or all of TOPIC's, or those FILTER
                              matches); prints how many
  kvs --db PATH queue move TOPIC ID PAYLOAD [--max-attempts N]
                              replace message ID (any status) by a new message with PAYLOAD,
                              due now, in one transaction; prints the new id
  kvs --db PATH queue enqueue TOPIC PAYLOAD [--delay MS] [--max-attempts N]
                              add a message (PAYLOAD is a value literal, due after MS
                              milliseconds, default 3 attempts); prints its id
  kvs --db PATH info          print the database (no password) and, for PostgreSQL, the server
                              that answered (primary or standby) and the connection's TLS:
                              its protocol and cipher, or that it is not encrypted
  kvs --db PATH watch [KEY...] [--prefix KEY]... [--limit N] [--count N]
                              print the entries of the keys and of every key below each
                              --prefix (at most N per prefix, default 1000), then a line per
                              change any process commits: set, deleted or expired (polled
                              about every 100 ms, read-only); runs until interrupted, or
                              until N changes with --count. A lost connection (a server
                              restart, a file removed) is said on stderr and tried again
                              after 1 s, then less often (up to every 30 s); once back it
                              says so and prints what changed meanwhile
  kvs bench --db PATH|:memory:|URL [--ops OP,OP...] [--seconds S] [--backends B,B...]
                              benchmark the stores against raw SQLite / libpq (see below)
  kvs bench --workload W --db NEW-FILE|:memory:|URL [--seconds S] [--rate N] [--concurrency C]
            [--keys N] [--value-size N|MIN..MAX] [--store async|kvstore] [--slo SLO]
            [--hgrm FILE] [--like DB] [--save] ...
                              a workload benchmark of a deployment ("Workload benchmark" below)
  kvs bench --workload W --find-capacity --db NEW-FILE|:memory:|URL [--slo SLO] ...
                              the highest fixed rate that keeps the SLO ("Capacity" below)

Options (before or after the arguments):
  --db PATH|URL         the SQLite database file (":memory:" for a private in-memory one;
                        sqlite:// and file:// URLs too), or a PostgreSQL server:
                        postgres://user:password@host:port/database?sslmode=require&pool_max=4
                        or libpq's key=value form ("host=db user=app dbname=inv"), with any
                        libpq parameter and kvs's own: pool_max (connections) and timeout_ms
                        (a call that waits longer for the server is cancelled, its
                        connection closed, and fails; default: no limit); needed by every
                        command but key and value
  --connection NAME     instead of --db: a connection saved in KVS Admin (its settings file,
                        ~/.config/KVS Admin/kvs-admin.conf): its path or URL, with its schema
                        and table prefix unless --schema or --table-prefix is given (and its
                        SSH tunnel, unless --ssh is given)
  --ssh [USER@]HOST[:PORT]
                        reach the PostgreSQL server of --db through an SSH tunnel of the
                        system's ssh (HOST may be a Host of ~/.ssh/config; ProxyJump, the agent
                        and known_hosts work as in a terminal); --db names the server as the
                        SSH host sees it (postgres://localhost:5432/db). ssh asks for nothing
                        here: a key with a passphrase must be in ssh-agent. The tunnel ends with
                        the command
  --ssh-identity FILE   the private key for --ssh (ssh -i)
  --ssh-accept-host-key SHA256:...
                        accept the SSH host's key when it is not known yet and has this
                        fingerprint (kvs says it when it refuses an unknown key); accepted keys
                        go to ~/.local/share/kvs-admin/known_hosts. A changed key is refused
  --schema S            PostgreSQL: the schema of the store's tables (default: search_path's)
  --password-command CMD
                        PostgreSQL: run CMD (no shell; words split at spaces, "double
                        quotes" group) for the password of every new connection and take
                        the first line it prints (a short-lived token: an IAM login); what
                        it prints is never shown; KVS_PASSWORD_COMMAND when not given
  --json                print JSON instead of literals (formats below)
  --table-prefix P      the store's tablePrefix (tables Pkv, Pmeta, ...)
  --migrate             let a write command upgrade a database at an older schema version
  --ttl MS              set: time to live in milliseconds (finite, >= 0)
  --prefix KEY          list: the children of KEY; watch: every key below KEY (repeatable);
                        export: the keys below KEY
  --overwrite           import: write entries over the keys that already hold one
  --start KEY           list: first key, inclusive (inside the prefix when both are given)
  --end KEY             list: last key, exclusive
  --limit N             list, queue peek, queue dead: page size, an integer >= 1 (default 100,
                        at most 1000); watch: the most keys one --prefix may hold (default
                        1000; more is an error); find: stop after N entries found
  --reverse             list: descending key order
  --cursor C            list: continue after the page that printed "cursor: C"
  --status S            queue peek: pending (due), delayed (not yet due), processing (leased)
                        or done (acknowledged, kept by doneRetention)
  --after ID            queue peek, queue dead: only messages with an id greater than ID
  --all                 queue retry, queue delete-dead: every dead message of the topic
  --error TEXT          queue retry, queue delete-dead: dead messages whose last error contains
                        TEXT (case-sensitive). Filters combine with AND and replace ID|--all
  --error-regex RE      ... whose last error matches RE (Qt's QRegularExpression, PCRE2; the
                        same on SQLite and PostgreSQL)
  --older-than D        ... dead-lettered longer ago than D: 500ms, 90s, 30m, 2h, 1d
  --payload TEXT        ... whose payload, printed as a literal, contains TEXT
  --payload-path P=L    ... whose payload holds at path P (customer.id, or ["customer", "id"]
                        for names with dots) a value equal to the literal L (42, "x", 7n)
  --where CONDITION     ... for whose payload, as value, CONDITION holds (value.customer.id ==
                        42); find: entries for which CONDITION holds
  --signature ID|TEXT   ... whose last error has this signature: its id (as queue errors
                        prints it), its text, or an error text of the group
  --text TEXT           find: the value's literal (as get prints it) contains TEXT, ignoring
                        case (Unicode simple case folding) unless --match-case
  --match-case          find: --text compares case
  --regex RE            find: the value's literal matches RE (QRegularExpression, unanchored)
  --in-keys             find: --text and --regex look at the key's literal too
  --keys-only           find: print the keys only (--json: {"key": LITERAL})
  --export FILE|-       find: write the entries found in the export format (below) to FILE
                        (written beside it, renamed once complete) or stdout
  --rate N              queue retry, queue delete-dead with --all or filters: at most N messages
                        per second (batches of at most 1000, one statement each)
  --dry-run             queue retry, queue delete-dead: print the count it would touch, change
                        nothing (opens the database read-only); atomic: read the checked keys
                        and say whether the commit would pass
  --no-audit            queue retry, delete-dead, move, enqueue, atomic: run even when the
                        audit log cannot be written (a warning says so); without it such a
                        command is refused and changes nothing
  --max-line-bytes N    import: the longest line read (default 64M = 67108864 bytes); a longer
                        one is refused with its number before it is parsed. Sizes: bytes, or
                        with K, M, G (KiB, MiB, GiB)
  --max-document-bytes N  atomic: the largest transaction document read (default 64M)
  --max-mutations N     atomic: the most checks, and the most mutations, a document may hold
                        (default 100000), counted before the document is read into memory
  --delay MS            queue enqueue: due after MS milliseconds (finite; default 0)
  --max-attempts N      queue enqueue: deliveries before the message goes dead (default 3)
  --backends B,B...     bench: kvstore, async-sqlite (the two are the default for a SQLite db),
                        async-postgres (the default, and the only one, for a URL)
  --ops OP,OP...        bench: set, get_hit, get_miss, delete, increment, get_many_10,
                        atomic_sum, queue_cycle, queue_cycle_backlog_10000 (default: all, in
                        that order)
  --seconds S           bench: seconds per operation, decimals allowed (default 1)
  --count N             watch: exit after N changes
  --count               find: print only the number of entries found (--json: {"count": N})
  --workload W          bench: set, get, get_miss, delete, increment, get_many_10, atomic_sum,
                        ycsb-a .. ycsb-f, queue, custom (with --mix get=90,set=10; ops: get,
                        set, insert, list, check_set, get_miss, delete, increment, get_many_10,
                        atomic_sum)
  --warmup S            bench --workload: seconds run before the measured ones (default 1)
  --keys N              bench --workload: keys written by the load phase (default 100000)
  --distribution D      bench --workload: uniform, zipfian, latest or sequential (every key in
                        turn, as the developer comparisons read; default: the workload's)
  --value-size N|A..B   bench --workload: value bytes, fixed or drawn from A..B (default 100)
  --ttl-share F         bench --workload: share 0..1 of writes given a TTL of an hour
  --scan-length N       bench --workload: entries per list() call of ycsb-e (default 10)
  --store S             bench --workload: async (AsyncKVStore, default) or kvstore (KVStore,
                        SQLite, one call at a time)
  --concurrency C       bench --workload: calls in flight on the async store, 1..256 (default 1)
  --pool N              bench --workload: PostgreSQL connections (pool_max)
  --durability D        bench --workload: SQLite normal or full
  --scratch-dir DIR     bench --workload: run on a new SQLite file in DIR (the disk you care
                        about), deleted at the end; instead of --db
  --rate N              bench --workload: a fixed rate of N calls per second (open loop)
  --listeners N         bench --workload queue: listeners of the topic (default 1)
  --listener-concurrency N  bench --workload queue: handlers at once per listener (default 1)
  --depth N             analyze: tree levels with figures per node, 0..8 (default 2)
  --top N               analyze: how many largest entries and top children, 1..1000 (default 20)
  --budget SECONDS      analyze: stop after SECONDS with a partial report, marked as such (exit 6)
  --compare ID          analyze: the growth per prefix since saved report ID
  --force               restore: replace a destination that holds data
  --full                maintenance check: integrity_check instead of quick_check
  --checkpoint          backup: checkpoint the WAL that grew during the backup at once, so that
                        the next writer's commit does not (SQLite; writes the file, not its data)
  --truncate            maintenance checkpoint: wait for readers and empty the WAL
  --save                analyze: keep the report; bench --workload: add the run to the run
                        history kvs-admin shows (with --find-capacity: the highest rate that
                        held, and every step)
  --slo SLO             bench --workload: thresholds the run must keep, comma-separated:
                        METRIC<LIMIT or METRIC<=LIMIT; metrics p50, p90, p99, p999, max (units
                        us, ms, s), errors and late (a share of the calls, in %), e.g.
                        'p99<5ms,p999<=20ms,errors<0.1%'; one broken: exit code 4, naming it
  --hgrm FILE           bench --workload: write the run's latency histogram (all operations) to
                        FILE as HdrHistogram's percentile distribution (.hgrm, as wrk2 and
                        memtier write it; values in milliseconds)
  --like DB             bench --workload: give the scratch keys the depth and part kinds, and the
                        values the sizes, of a sample of DB (a SQLite file or a postgres:// URL,
                        read-only; see below)
  --find-capacity       bench --workload: search the highest rate that keeps --slo (see below)
  --start-rate N        --find-capacity: the first step's calls per second (default 100)
  --max-rate N          --find-capacity: no step asks for more (default 1000000)
  --precision F         --find-capacity: bisect until the rate that broke is within F (a share,
                        default 0.05) of the one that held
  --late-share F        --find-capacity: a step breaks when more than F (a share of its calls,
                        default 0.05) started late
  --repeat N            --find-capacity: run a step that broke up to N more times (default 1);
                        it breaks only when every run broke (a noisy machine does not end the
                        search)
  --history             bench: list the saved runs (--json: one line per run)
  --key-hex HEX         get, delete: the key as its stored bytes (kvs key encode prints them)
  -h, --help            print this help
  --version             print the version
  An argument starting with "--" is an option and must be a known one; "--" ends the options
  and makes everything after it an argument. Other arguments starting with "-" (-5, -0,
  -Infinity) are arguments, so `kvs increment '["c"]' -5` and `kvs value encode -0` work.
  An option value is the next argument or follows "=" (--limit=10).

Database access:
  get, list, find, export and queue stats|peek|dead open the database read-only: they never create,
  migrate or write the database, and they can read a database at an older schema (read-only, a
  lease that expired on its last attempt still counts as processing: the store dead-letters it on
  its next write). Reading a WAL database (as kvs writes them) can leave SQLite's -wal and -shm
  files beside it, as any SQLite reader does; they hold no data of their own, and removing them
  while a writer runs would be unsafe, so kvs leaves them. In a folder you can only read, a read
  works when no -wal file holds changes, and is refused (saying why) when one does. A --db that is
  not a regular file (a named pipe, a directory) is refused. set, delete, increment, import and
  queue retry|delete-dead|enqueue create a database that does not exist yet; on a database at an
  older schema they refuse, unless --migrate is given. PostgreSQL: the same, per schema: a read
  never creates the schema or tables; a write creates them in an empty schema, and needs --migrate
  to add them beside an application's tables. A password in a connection string is never printed,
  and kvs overwrites it in its own command line once read, but ps can show it before that, and
  shell histories keep it: the safe ways are PGPASSWORD, ~/.pgpass (both as in psql) or the system
  keychain (kvs-admin). A password sent to another host without sslmode=require (or verify-ca,
  verify-full) gets a warning on stderr.

Output (one line per result, on stdout):
  get           the value's literal, e.g. {"name": "Alice"}
    --json      {"key": LITERAL, "value": LITERAL, "version": N, "expiresAt": MS|null}
                (LITERAL is the canonical literal as a JSON string)
  set           the new version, e.g. 1025;  --json: {"ok": true, "version": N}
  delete        ok;  --json: {"ok": true}
  increment     the new value, e.g. 7;  --json: {"key": LITERAL, "value": LITERAL}
  list          one line per entry, KEY = VALUE, e.g. ["users", "alice"] = {"name": "Alice"};
                when the page is full, a last line "cursor: C" (pass it to --cursor for the
                next page; entry lines always start with "[")
    --json      one {"key": ..., "value": ..., "version": ..., "expiresAt": ...} line per entry,
                then {"cursor": "C"} when the page is full
  queue stats   one line per topic, by topic:
                "emails": pending 3, delayed 1, processing 0, dead 2, done 0, oldest pending due
                2026-09-01T12:00:00.000Z (times in UTC; the last part only with due messages)
    --json      {"topic": T, "pending": N, "delayed": N, "processing": N, "dead": N,
                 "done": N, "oldestPendingAt": MS|null}
  queue peek    one line per message: ID PAYLOAD (attempts A/MAX, due TIME, enqueued TIME
                [, leased until TIME][, last error "E"]); when the page is full, a last line
                "after: ID" (pass it to --after for the next page; message lines start with a
                digit)
    --json      {"id": N, "topic": T, "payload": LITERAL, "enqueuedAt": MS, "deliverAt": MS,
                 "attempts": N, "maxAttempts": N, "lastError": S|null, "lockedUntil": MS|null}
                per message, then {"after": ID} when the page is full
  queue dead    as peek, with ", failed TIME" instead of the lease; --json: "failedAt": MS in
                place of "lockedUntil"
  queue errors  one line per group, the largest first: ID COUNT (SHARE %) "SIGNATURE": first
                TIME, last TIME, attempts MIN[-MAX], e.g. ID "ERROR" (the latest failure; a
                group without an error shows (no error)); then "N dead letters in G groups"
    --json      {"signature": S, "id": ID, "count": N, "share": PERCENT, "first": MS, "last": MS,
                 "minAttempts": N, "maxAttempts": N, "exampleId": N, "example": S|null} per
                group
  queue retry, queue delete-dead  the number of messages;  --json:
                {"retried"|"deleted": N, "dryRun": true|false}; an ID that is no dead message
                of TOPIC is not found (exit 1). Every write of queue retry, delete-dead, move and
                enqueue is audited (see "Audit log" below)
  queue move    the new message's id;  --json: {"ok": true, "id": N, "replaced": ID};
                an ID that is no message of TOPIC is not found (exit 1)
  queue enqueue  the new message's id;  --json: {"ok": true, "id": N}
  atomic        the commit's versionstamp;  --json: {"ok": true, "version": N}. A failed check:
                failed: check I KEY (expected version N|must not exist), exit 3;  --json:
                {"ok": false, "failedCheck": I} (I counts the checks from 0). --dry-run: would
                commit: ..., or would fail: check I KEY (expected ..., found version N|absent);
                --json adds "dryRun": true. Every commit (not a dry run) is audited (see
                "Audit log" below) as action "atomic": its operations and keys, never a value
                The document: {"checks": [{"key": "[\"a\"]", "version": 1025},
                {"key": "[\"b\"]", "version": null}], "mutations": [{"type": "set", "key":
                "[\"a\"]", "value": "{n: 1}", "ttl": 5000}, {"type": "delete", "key": ...},
                {"type": "sum", "key": ..., "delta": 5}, {"type": "enqueue", "value": ...,
                "topic": "emails", "delay": 0, "maxAttempts": 3}]}: keys and values are literals
                inside JSON strings; "version" is required (null: the key must not exist); ttl,
                topic, delay and maxAttempts are optional; other members are refused
  export        exported N;  --json: {"exported": N}. The file: one line per entry,
                {"key": LITERAL, "value": LITERAL, "expiresAt": MS|null} (keys absolute;
                LITERAL as get --json prints it); a row whose key or value does not decode:
                {"keyHex": HEX, "valueHex": HEX, "expiresAt": MS|null}, its stored bytes.
                Versions are not exported; expired entries and queue messages are not in it
  import        imported N, skipped M;  --json: {"imported": N, "skipped": M}. Skipped:
                keys that hold an entry (without --overwrite; a key repeated in the file keeps
                its first line) and entries whose expiresAt has passed. Entries keep their
                expiresAt and get new versionstamps (one per batch). A line may also carry
                "version" (ignored), so kvs --json list output imports; blank lines are skipped.
                A malformed line fails with its number, "kvs: import line N: ..." (exit 1):
                nothing of its batch is written, the batches before it stay written
  find          as list (without a cursor); --keys-only: the keys; --count: N; --export: as
                export. A row whose key or value does not decode is skipped with a warning
                (the first 10, then their number)
  key/value encode  the hex bytes;  --json: {"key"|"value": LITERAL, "hex": "HEX"}
  key/value decode  the canonical literal;  --json: the same object as encode
  bench         a table;  --json: one line per operation:
                {"backend": "kvstore", "db": PATH, "op": OP, "ops_per_s": N, "p50_us": N,
                 "p99_us": N, "baseline": "raw-sqlite", "baseline_ops_per_s": N, "ratio": N}
                (queue_cycle_backlog_10000: "baseline": "queue_cycle", see below)

Audit log:
  The writes of queue retry, delete-dead, move, enqueue and atomic (not their dry runs) are
  recorded in the audit log, $KVS_AUDIT_LOG or ~/.local/share/kvs-admin/audit.jsonl (the data
  folder: $XDG_DATA_HOME/kvs-admin), shared with kvs-admin: a regular file of mode 0600 (made so
  when others could read it; a symbolic link in its place is refused, never followed). Each
  write appends two JSON lines with the time, the OS user, the database (a SQLite file by its
  absolute path, a server as postgresql://USER@HOST[:PORT]/DB, never a password, then
  ", schema S" and ", table prefix P"), the action, topic and filter, and an "id" linking them:
    {"event": "started", "expected": N|null, ...}  before anything is changed
    {"event": "ended", "matched": N, "changed": N, "result": R, "detail": TEXT, ...}  after
  where R is done, cancelled, interrupted (a signal) or failed (the detail says why). When the
  started line cannot be appended (a directory, a device, a full disk, a folder you cannot
  write), the command is refused and changes nothing, unless --no-audit is given. A started line
  without its ended line is an action that was killed. SIGINT (Ctrl+C) or SIGTERM during a bulk
  retry or delete ends the batch in flight, writes the ended line ("interrupted", with the
  messages changed so far) and exits 130 or 143; a one-statement write finishes first (its ended
  line says how) and exits the same way. A second signal ends kvs at once.

Size limits:
  import refuses a line over --max-line-bytes (64 MiB) with its number, before parsing it;
  atomic refuses a document over --max-document-bytes (64 MiB), or with more checks or
  mutations than --max-mutations (100000), before reading it whole. An allocation that fails
  under a memory limit (ulimit -v, a container's) is an error, "kvs: out of memory ...", exit 1.

Files:
  kvs and kvs-admin keep theirs in one data folder, $XDG_DATA_HOME/kvs-admin (by default
  ~/.local/share/kvs-admin, mode 0700): audit.jsonl ($KVS_AUDIT_LOG), sql-history.jsonl
  ($KVS_SQL_HISTORY), bench-history.sqlite ($KVS_BENCH_HISTORY), queue-history/ and demo.kvs.db.
  kvs-admin moves the files an earlier release kept in ~/.local/share/KVS Admin/kvs-admin there
  on its first start, once.

Literal syntax (keys are arrays of strings, numbers, bigints, booleans and Uint8Arrays):
  JSON, plus undefined, NaN, Infinity, -Infinity, -0, bigints (12n), new Date(ms),
  new Date("2026-09-01T12:00:00Z") (Z or an offset required), new Uint8Array([1, 2]),
  new Map([[k, v]]), new Set([v]), unquoted member names {name: "x"}, 'single quotes'.
  Examples:  ["users", "alice"]   ["orders", 2026, 17n]   {name: 'Alice', tags: new Set(["a"])}
  Not accepted: comments, trailing commas, hex or octal numbers, expressions.
  Quote literals for the shell: kvs --db app.db set '["users", "alice"]' '{"name": "Alice"}'

Condition language (find --where, queue retry|delete-dead --where):
  value.status == "failed" && (value.attempts >= 3 || !exists(value.owner))
  Paths: value, value.name, value["odd name"], value.items[3], value.prices[0].amount, a Map
  entry by any key literal: value.index[1n], value.byDay[new Date(0)]; key[0], key[-1] (the last
  part); version; expiresAt (a Date, or null); size (stored bytes of the value). A path that does
  not exist has no value.
  Comparisons ==, !=, <, <=, >, >= between a path and a literal: numbers and bigints by value
  (1 == 1n, -0 == 0, NaN equals nothing), strings by code point, Dates by time, false < true,
  bytes by their bytes; arrays, objects, Maps, Sets are equal by content. With no value, or
  values of different kinds, every comparison is false, != too; !(a == b) negates.
  Functions: contains(path, X) (a substring of a string; an item of an array or Set; a key of a
  Map; a member name of an object), matches(path, "regex"), exists(path), kind(path) == "Date"
  (undefined, null, boolean, number, string, bigint, bytes, Date, array, object, Map, Set),
  length(path) (code points, bytes, items, entries or members). &&, ||, !, parentheses.
  Errors name the byte position and what was expected there.

Error signatures (queue errors, queue retry|delete-dead --signature):
  A last error's text, read left to right, with its variable parts replaced: quoted strings
  ('...', "...", `...`) <str>; dates and times (2026-12-06, 2026-12-06T16:21:47.123Z, 16:21:47)
  <time>; UUIDs <uuid>; IPv4 addresses (with :port), IPv6 in brackets (with :port) or with ::
  <ip>; paths (/a/b, ./a, ../a, ~/a, C:\a) <path>; 0x... and runs of 8+ hex digits with a
  digit and a letter <hex>; numbers (-1.5, 1.2.3) <num>. Only at the start of a word: s3, utf8,
  user_42 stay. "timeout after 30s calling 10.0.0.7:443" -> "timeout after <num>s calling <ip>".
  The id: the first 8 hex digits of the SHA-1 of that text, the same everywhere.

Benchmark:
  Each operation runs for about S seconds after a short warm-up, against KVStore on --db (10,000
  background keys ["bench", i] = "v"), then the same SQL as a raw SQLite prepared-statement loop
  on its own database (a separate :memory: one, or the temporary file PATH.bench-raw) with the
  store's pragmas. ratio = ops_per_s / baseline_ops_per_s. Latencies are per operation (p50, p99,
  in microseconds). queue_cycle is enqueue + dequeue + acknowledge of one message on an empty
  topic (the raw loop runs the store's INSERT, picker UPDATE ... RETURNING and DELETE; the store
  also reclaims expired leases once a second). queue_cycle_backlog_10000 is the same cycle on a
  topic holding 10,000 due messages (it takes the oldest, so the backlog stays); its baseline is
  the store's queue_cycle of the same run and its ratio backlog / empty (target >= 0.8).
  The bench keeps freed heap memory (glibc M_TRIM_THRESHOLD 256 MB) for both sides, as a
  long-running process would, so that heap trimming between statements is not measured.
  A file PATH must not exist, or be empty, or hold the database of an interrupted kvs bench
  (marked by the key ["kvs-bench"]; it is replaced): the bench creates it and deletes it, and
  PATH.bench-raw, when it ends. It refuses any other existing file, so it
  never writes into your data. Run one bench per PATH at a time.
  async-sqlite: AsyncKVStore on the same kind of database. OP is one awaited call at a time
  against a bare round trip to a worker thread ("baseline": "worker-round-trip"); OP_x64 keeps
  64 calls in flight against KVStore's OP ("kvstore"), with every thread of the process on one
  CPU while it runs (a virtual machine's CPUs can differ in speed). async-postgres (a URL): OP
  one call at a time against a raw libpq loop of the same prepared statements ("raw-libpq");
  get_hit_x64 against a raw libpq pipeline of 64 gets ("raw-libpq-pipeline-64"), the other
  OP_x64 against the one-at-a-time OP. The queue cycles run on KVStore only.
  find (run only when named, --ops find): search inside values on 1,000,000 rows of about 100
  bytes written in random key order (a scratch file, or kvsbench_ tables): find_text, a
  case-sensitive text matching 1 %, against a raw read of every row in key order (ratio =
  seconds / raw seconds); find_condition, value.status == "failed", against kvs export (ratio =
  rows/s / export rows/s); find_memory, the peak RssAnon reading 10,000 rows and all;
  on PostgreSQL find_round_trips, the text search's round trips through a 0.5 ms proxy on one
  connection (pool_max=1), against a bound of candidates / 1,000 + 10.
  analyze (run only when named, --ops analyze): kvs analyze's whole report on the same rows
  against the same raw read (analyze_sqlite, ratio = seconds / raw seconds, target 2); on
  PostgreSQL its seconds only (analyze_postgres).
  backup (run only when named, --ops backup, SQLite): kvs backup of the same 1,000,000 rows
  while a writer on a connection of its own calls set() in a loop, then the writer alone for as
  long (backup_sqlite: backup_s, the medians of the writer's longest set() with and without the
  backup over 5 rounds, extra_ms = their difference, target 20).
  The GUI's own benchmarks (backend "tree": tree_expand_10k, tree_expand_1m,
  inspector_open_20mb, bench_view_30s) run in kvs-gui-bench, beside kvs-admin, so that kvs
  links no GUI library; see kvs-gui-bench --help. Naming them here is a usage error that says
  so.

Workload benchmark:
  bench --workload writes the keyspace ["kvsbench", i] (the load phase, timed on its own), runs
  the workload for --warmup seconds unmeasured, then --seconds measured, and prints a table (a
  progress line on stderr when it is a terminal). Closed loop by default (the next call as soon
  as one ends, --concurrency of them in flight); with --rate a fixed rate (open loop): call i is
  due at i / N, its latency runs from that intended start (so a stall of the database shows in
  the tail: coordinated omission corrected), and "late" counts calls that started more than
  1 ms after it. ycsb-a: get/set 50/50, b 95/5, c get only, d get/insert 95/5 on the latest keys,
  e list/insert 95/5, f get/check_set 50/50 (check_set: get, then atomic().check(version).set;
  a failed check counts as error kind "conflict"); a-c, e, f pick keys zipfian, d latest, the
  others uniform. queue: --concurrency producers enqueue, --listeners queue listeners consume;
  "handler" is the delay from enqueue to the handler's start.
  It never writes into your data: a --db file must not exist (it is created and deleted at the
  end); :memory:; --scratch-dir DIR; on PostgreSQL tables kvsbench_* created and dropped by the
  run, which refuses a schema that already holds such tables.
  --json: a {"kind": "second", "second", "ops_per_s", "p50_us", "p99_us", "errors"} line per
  second, then per op and for "all": {"kind": "result", "workload", "op", "ops_per_s", "p50_us",
  "p90_us", "p99_us", "p999_us", "max_us", "errors", "errors_by_kind", "backend", "store",
  "mode": "closed"|"rate", "concurrency", "seconds", "partial", "db"} (with "target_rate" and
  "late" at a fixed rate; latencies in microseconds), then one {"kind": "run"} line with the
  load phase, the server version and the client's CPU use. Ctrl+C stops the run and prints its
  partial result ("partial": true, exit code 130). With --slo, a last line says whether each
  threshold held ({"kind": "slo", "held", "checks": [{"slo", "metric", "measured", "held"}]},
  measured in microseconds, or a share 0..1 for errors and late); one broken: exit code 4, and
  stderr names it: kvs: SLO broken: p99 was 12.3 ms (SLO p99<5ms).

Capacity (bench --workload W --find-capacity):
  Loads the keyspace once, then runs fixed-rate steps on it: --warmup seconds (default 1), then
  --seconds measured (default 5 per step), the rate doubling from --start-rate until a step
  breaks --slo or starts more than --late-share of its calls late (late calls are made up to one
  more step length past its end, measured from their intended start; those not started by then
  are not made, count as late, "unstarted", and their wait so far is in the percentiles), then
  bisecting between the highest rate that held and
  the lowest that broke until they are within --precision. A step that breaks is run again
  (--repeat). --concurrency defaults to 64 here (the calls in flight must not hold the rate
  back). Prints each step as it ends (rate asked, achieved, p50/p99/p99.9, late, held or why it
  broke), then the highest rate that held; --json: a {"kind": "step", "step", "rate",
  "achieved", "p50_us", "p99_us", "p999_us", "calls", "errors", "late", "unstarted",
  "late_share", "repeat", "held", "broken"} line per step, the "result" lines of the highest rate that held, and
  {"kind": "capacity", "highest_held", "lowest_broken", "end": "bisected"|"reached_max"|
  "first_step_broke"|"stopped", ...}. The SLO breaking is the search's expected end: exit code
  0; 4 only when even the first step broke it. --hgrm writes the histogram of the highest rate
  that held.

The shape of your data (--like DB):
  Samples up to 1000 keys and their value sizes of DB (read-only: a SQLite file opened with
  mode=ro, a PostgreSQL schema read in one read-only transaction) and writes the scratch
  keyspace in that shape: each scratch key copies the depth and the part kinds (string, number,
  bigint, boolean, bytes) of a sampled key, strings and bytes as long as the sample's, and the
  written values (strings) take the sampled value sizes in place of --value-size. Nothing of
  DB's contents is copied. Which keys a call picks (the access distribution) stays the
  workload's: uniform, zipfian or latest, as --distribution says.

Exit codes:
  0  success
  1  not found (get: nothing on stdout, "kvs: not found" on stderr), or an error of the store,
     a literal or the hex input
  2  usage error: unknown command or option, wrong number of arguments, bad option value
  3  atomic: a check failed (or would fail, with --dry-run); nothing was written
  4  bench --workload: an --slo threshold broke (with --find-capacity: even the first step broke)
  130  SIGINT (Ctrl+C): bench --workload stopped (its partial result printed), or an audited
     write interrupted (see "Audit log")
  143  SIGTERM: an audited write interrupted (see "Audit log")
  find has codes of its own: 0 something was found, 1 nothing was, 2 usage error (a bad
  option, literal, condition or regular expression), 5 an error of the store (or of the export
  file), 130 / 143 ended by SIGINT (Ctrl+C) / SIGTERM after the page being read (an export
  file is then not written)
  analyze: 0 a whole report, 6 a partial one (--budget ran out), 130 / 143 ended by SIGINT /
  SIGTERM after the page being read (the partial report is printed), 1 an error of the store or
  an unknown --compare ID, 2 usage error
  Errors are one line on stderr starting with "kvs: ".
)";
}

std::string_view usageLine() noexcept
{
    return "usage: kvs [--db PATH] [--json] COMMAND ARGS... (see kvs --help)";
}

std::string versionLine()
{
    return "kvs " KVS_CLI_VERSION " (schema version " + std::to_string(kSchemaVersion) + ")";
}

} // namespace kvs::cli
