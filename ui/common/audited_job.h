#pragma once

#include <kvs/audit_log.h>

#include <QFuture>
#include <QString>
#include <QtConcurrent>

#include <cstdint>
#include <exception>
#include <optional>
#include <utility>

// How the GUI's operator actions use the audit log (kvs/audit_log.h): a confirmation first
// learns whether the log can be appended (auditLogProblem(); when it cannot, it says so and asks
// whether to run without an audit entry: questionWithAudit()), and the action then runs on a
// worker between its started and ended lines (runAudited()), the file I/O never on the GUI
// thread. What the operator chose holds for that one action.
namespace kvs::ui {

// "" when the audit log can be appended now, else why not (checkAuditLogAppendable()'s
// message). A local open that never waits on a pipe: called on the GUI thread before a
// confirmation. Thread rule: any thread.
[[nodiscard]] QString auditLogProblem();

// question, and when problem is not empty what the confirmation must add: the action would not
// be recorded, and whether to run it without an audit entry (answering yes is that choice).
[[nodiscard]] QString questionWithAudit(const QString &question, const QString &problem);

// The policy a confirmation's yes means: WithoutAudit when it was asked with a problem.
[[nodiscard]] inline AuditPolicy policyAfter(const QString &problem)
{
    return problem.isEmpty() ? AuditPolicy::Required : AuditPolicy::WithoutAudit;
}

// What an audited job hands back to the GUI thread (no exception crosses a thread): the work's
// value, or the error that ended it ("kvs: ..."; the audit log's own refusal included, when
// nothing ran).
template <typename T>
struct Audited
{
    T value{};
    QString error;
};

// Runs work(audit) here, between the started line of subject (with expected) and the ended
// line that work writes with audit.end(). An exception from work is recorded as failed, with its
// message, and returned as the error; with AuditPolicy::Required work never runs when the
// started line cannot be written. Thread rule: a worker's (work may wait on the store).
template <typename T, typename Work>
Audited<T> runAuditedHere(AuditRecord subject,
                          std::optional<std::int64_t> expected,
                          AuditPolicy policy,
                          Work &work)
{
    Audited<T> outcome;
    try {
        AuditedAction audit(std::move(subject), expected, policy);
        try {
            outcome.value = work(audit);
        } catch (const std::exception &error) {
            (void)audit.end(AuditOutcome::Failed, 0, 0, error.what());
            throw;
        }
    } catch (const std::exception &error) {
        outcome.error = QString::fromStdString(error.what());
    }
    return outcome;
}

// runAuditedHere() on a worker of the global thread pool. The global pool is waited for when
// the application ends, so an ended line is not cut off. Thread rule: any thread.
template <typename T, typename Work>
QFuture<Audited<T>>
runAudited(AuditRecord subject, std::optional<std::int64_t> expected, AuditPolicy policy, Work work)
{
    return QtConcurrent::run(
        [subject = std::move(subject), expected, policy, work = std::move(work)]() mutable {
            return runAuditedHere<T>(std::move(subject), expected, policy, work);
        });
}

// As runAudited(), for work whose value keeps its own error (a QString member named error): the
// audit log's refusal, or an exception, lands there too. Mapped on the worker, not by a
// continuation (kvs/future.h: Qt 6.4 may run a then() attached to a finishing future twice).
template <typename T, typename Work>
QFuture<T> runAuditedKeepingError(AuditRecord subject,
                                  std::optional<std::int64_t> expected,
                                  AuditPolicy policy,
                                  Work work)
{
    return QtConcurrent::run(
        [subject = std::move(subject), expected, policy, work = std::move(work)]() mutable {
            Audited<T> audited = runAuditedHere<T>(std::move(subject), expected, policy, work);
            if (!audited.error.isEmpty())
                audited.value.error = audited.error;
            return audited.value;
        });
}

} // namespace kvs::ui
