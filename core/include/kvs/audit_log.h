#pragma once

#include <kvs/errors.h>

#include <cstdint>
#include <optional>
#include <string>

/// The operator audit log: every action an operator takes on a database through kvs or
/// kvs-admin (queue retries, deletes, moves, enqueues, atomic commits) as JSON lines in one file
/// of the user's, shared by both. It fails closed: an action whose "started" line cannot be
/// appended does not run, unless the operator said to run it without the log (AuditPolicy).
///
/// An action writes two lines, linked by "id":
///   {"time", "user", "database", "action", "topic", "filter", "event": "started", "id",
///    "expected": N|null}
///   {"time", "user", "database", "action", "topic", "filter", "event": "ended", "id",
///    "matched": N, "changed": N, "result": "done"|"cancelled"|"interrupted"|"failed",
///    "detail": TEXT}
/// written before the action changes anything and after it ended. A "started" line without its
/// "ended" line is an action that was killed (or is still running). Lines hold no payloads, no
/// values and no passwords. Safe from any thread.
namespace kvs {

/// What an operator action is about, as both its lines name it. It holds no payloads and no
/// passwords.
struct AuditRecord
{
    std::string action;   ///< "retry", "delete-dead", "move", "enqueue", "clean-done", "atomic"
    std::string database; ///< auditDatabaseName() (written redactedConnection()'d all the same)
    std::string topic;
    std::string filter; ///< the filter or the ids, as the operator gave them
};

/// How an action ended, the "result" of its ended line.
enum class AuditOutcome {
    Done,        ///< "done": it ran to its end (what it changed may be 0)
    Cancelled,   ///< "cancelled": the operator stopped it; what is done stays done
    Interrupted, ///< "interrupted": a signal (SIGINT, SIGTERM) or the application's end stopped it
    Failed,      ///< "failed": an error ended it (the detail says which)
};

/// "done", "cancelled", "interrupted" or "failed".
[[nodiscard]] const char *auditOutcomeName(AuditOutcome outcome) noexcept;

/// Whether an action may run when its started line cannot be appended.
enum class AuditPolicy {
    Required,     ///< no: the action is refused (the default)
    WithoutAudit, ///< yes (kvs --no-audit, the GUI's explicit choice): lines are tried all the same
};

/// The audit log cannot be appended: "kvs: cannot write the audit log PATH: REASON".
class AuditLogError : public Error
{
public:
    using Error::Error;
};

/// The audit log's path: $KVS_AUDIT_LOG when set, else audit.jsonl in the data folder
/// (kvs/data_folder.h). Shared by kvs-admin and kvs.
[[nodiscard]] std::string auditLogPath();

/// How the log names a database, the same from kvs and kvs-admin: a SQLite file by its absolute
/// path ("/srv/app/q.db"; ":memory:" and "file:" URIs as given), a PostgreSQL server by
/// connectionIdentity() ("postgresql://app@db.example:5433/app", no password, no parameters);
/// then ", schema S" and ", table prefix P" when given.
[[nodiscard]] std::string auditDatabaseName(const std::string &connection,
                                            const std::string &schema,
                                            const std::string &tablePrefix);

/// Checks, without writing, that the log can be appended now (kvs/private_file.h: the folder
/// and file are created when missing, a symbolic link or anything but a regular file is
/// refused, a file others may read is made 0600). Throws AuditLogError "kvs: cannot write the
/// audit log PATH: REASON". For a confirmation that says so before the operator decides.
void checkAuditLogAppendable();

/// The audit of one action: the started line when it is made, the ended line at end(). An
/// action calls it before it changes anything:
///
///     AuditedAction audit(record, expected, policy); // throws: nothing done, nothing to undo
///     ... the action ...
///     audit.end(AuditOutcome::Done, matched, changed);
///
/// An action that never calls end() (an exception went through) is recorded as failed when the
/// AuditedAction is destroyed. Thread rule: one thread at a time (it may move between threads).
class AuditedAction
{
public:
    /// Appends the started line of subject with expected, how many messages or mutations the action
    /// means to change (nullopt: not known). Required: throws AuditLogError when the line cannot be
    /// appended (the action must not run). WithoutAudit: never throws; warning() says why the
    /// log is not kept.
    AuditedAction(AuditRecord subject, std::optional<std::int64_t> expected, AuditPolicy policy);
    /// Records an action that was not ended as failed ("ended without a result").
    ~AuditedAction();
    AuditedAction(const AuditedAction &) = delete;
    AuditedAction &operator=(const AuditedAction &) = delete;
    AuditedAction(AuditedAction &&other) noexcept;
    AuditedAction &operator=(AuditedAction &&) = delete;

    /// Appends the ended line, once (later calls do nothing). Never throws: returns "" or the
    /// warning "kvs: warning: cannot write the audit log PATH: REASON (the end of this action is
    /// not recorded)"; the action happened, so a log that fails now cannot undo it.
    std::string end(AuditOutcome outcome,
                    std::int64_t matched,
                    std::int64_t changed,
                    const std::string &detail = {}) noexcept;

    /// "" when the started line was written, else (WithoutAudit) "kvs: warning: cannot write the
    /// audit log PATH: REASON (the action runs without an audit entry)".
    [[nodiscard]] const std::string &warning() const { return m_warning; }
    /// The id linking the two lines.
    [[nodiscard]] const std::string &id() const { return m_id; }

private:
    AuditRecord m_subject;
    std::string m_id;
    std::string m_warning;
    bool m_started = false; // the started line was written
    bool m_ended = false;
};

} // namespace kvs
