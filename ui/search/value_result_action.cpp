#include "search/value_result_action.h"

#include "common/audited_job.h"
#include "common/production_mark.h"

#include <kvs/entry_transfer.h>
#include <kvs/errors.h>

#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>

#include <climits>

namespace kvs::ui {

namespace {

const char *auditAction(ValueResultAction::Kind kind)
{
    switch (kind) {
    case ValueResultAction::Kind::Delete:
        return "search-delete";
    case ValueResultAction::Kind::SetExpiry:
        return "search-expire";
    case ValueResultAction::Kind::ClearExpiry:
        return "search-clear-expiry";
    case ValueResultAction::Kind::Export:
        return "search-export";
    }
    return "search";
}

// Export: every entry's line, in batches, into a file renamed over path only when complete.
CheckedWriteResult exportHits(const std::vector<std::pair<std::string, std::string>> &bytes,
                              const std::vector<Entry> &entries,
                              const QString &path,
                              const std::atomic<bool> &cancel,
                              const std::function<void(std::int64_t)> &afterBatch)
{
    CheckedWriteResult result;
    result.states.assign(entries.size(), CheckedWriteResult::State::NotReached);
    result.newVersion.assign(entries.size(), 0);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw Error("kvs: cannot write " + path.toStdString() + ": "
                    + file.errorString().toStdString());
    std::string text;
    for (std::size_t first = 0; first < entries.size(); first += ValueResultAction::kBatch) {
        if (cancel.load()) {
            result.cancelled = true;
            file.cancelWriting();
            return result;
        }
        text.clear();
        const std::size_t end = std::min(entries.size(), first + ValueResultAction::kBatch);
        for (std::size_t i = first; i < end; ++i) {
            text += exportLine(bytes[i].first, bytes[i].second, entries[i].expiresAt);
            text += '\n';
        }
        if (file.write(text.data(), qint64(text.size())) != qint64(text.size()))
            throw Error("kvs: cannot write " + path.toStdString() + ": "
                        + file.errorString().toStdString());
        for (std::size_t i = first; i < end; ++i)
            result.states[i] = CheckedWriteResult::State::Written;
        result.done = std::int64_t(end);
        if (afterBatch)
            afterBatch(result.done);
    }
    if (!file.commit())
        throw Error("kvs: cannot write " + path.toStdString() + ": "
                    + file.errorString().toStdString());
    return result;
}

} // namespace

ValueResultAction::ValueResultAction(std::shared_ptr<AsyncKVStore> store,
                                     Kind kind,
                                     const ValueSearchHits &hits,
                                     QString auditDatabase,
                                     std::string search,
                                     QWidget *parent)
    : QObject(parent)
    , m_store(std::move(store))
    , m_kind(kind)
    , m_auditDatabase(std::move(auditDatabase))
    , m_search(std::move(search))
    , m_parent(parent)
    , m_shared(std::make_shared<Shared>())
    , m_progress(parent, QStringLiteral("resultsProgress"))
{
    m_entries.reserve(hits.size());
    for (const ValueSearchHit &hit : hits) {
        m_entries.push_back(hit.entry);
        if (kind == Kind::Export)
            m_bytes.emplace_back(hit.keyBytes, hit.valueBytes);
    }
    m_confirm = [this](const QString &question) {
        QMessageBox box(
            QMessageBox::Question, tr("Search results"), question, QMessageBox::Cancel, m_parent);
        box.setObjectName(QStringLiteral("confirmResultsAction"));
        if (m_kind == Kind::Delete)
            box.setIcon(QMessageBox::Warning);
        const QString label = m_kind == Kind::Delete        ? tr("Delete")
                              : m_kind == Kind::SetExpiry   ? tr("Set expiry")
                              : m_kind == Kind::ClearExpiry ? tr("Clear expiry")
                                                            : tr("Export");
        QPushButton *go = box.addButton(
            label, m_kind == Kind::Delete ? QMessageBox::DestructiveRole : QMessageBox::AcceptRole);
        box.setDefaultButton(QMessageBox::Cancel); // Enter never deletes
        box.exec();
        return box.clickedButton() == static_cast<QAbstractButton *>(go);
    };
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        m_progress.close();
        onRan(m_watcher.result());
    });
}

ValueResultAction::~ValueResultAction()
{
    // A worker still running stops after its batch; it holds its own state and the store.
    m_shared->cancel.store(true);
}

void ValueResultAction::start()
{
    if (m_entries.empty()) {
        finish(tr("No results; nothing to do."), {});
        return;
    }
    const QString problem = auditLogProblem();
    const int n = int(std::min<std::size_t>(m_entries.size(), INT_MAX));
    QString text;
    switch (m_kind) {
    case Kind::Delete:
        text = tr("Delete the %Ln entries found?", nullptr, n);
        break;
    case Kind::SetExpiry:
        text = tr("Make the %Ln entries found expire in %1 s?", nullptr, n)
                   .arg(QLocale().toString(m_ttlMs / 1000.0));
        break;
    case Kind::ClearExpiry:
        text = tr("Clear the expiry of the %Ln entries found?", nullptr, n);
        break;
    case Kind::Export:
        text = tr("Export the %Ln entries found to %1?", nullptr, n).arg(m_path);
        break;
    }
    const QString details
        = m_kind == Kind::Export
              ? tr("Each line holds a key and its value as literals, and its expiry, as kvs "
                   "find --export writes them. The file is written only if the export "
                   "completes.")
              : tr("They are written in batches of 1,000, each one transaction that acts on an "
                   "entry only if it still has the version the search saw: entries changed "
                   "since are skipped and counted. Cancel stops after the current batch; what "
                   "was written stays written.");
    m_question = questionWithAudit(text + QLatin1Char('\n') + details, problem);
    if (!m_confirm(m_question)) {
        finish(tr("Cancelled; nothing was changed."), {});
        return;
    }
    if (m_kind == Kind::Delete
        && !confirmOnProduction(
            m_parent, QStringLiteral("confirmResultsProduction"), m_question, tr("Delete"))) {
        finish(tr("Cancelled; nothing was changed."), {});
        return;
    }
    run(policyAfter(problem));
}

void ValueResultAction::run(AuditPolicy policy)
{
    const QString label = m_kind == Kind::Delete        ? tr("Deleting the entries found…")
                          : m_kind == Kind::SetExpiry   ? tr("Setting the expiry…")
                          : m_kind == Kind::ClearExpiry ? tr("Clearing the expiry…")
                                                        : tr("Exporting to %1…").arg(m_path);
    BatchProgress::Job progress;
    progress.total = std::int64_t(m_entries.size());
    progress.read = [shared = m_shared] {
        return BatchProgress::Counts{shared->done.load()};
    };
    progress.cancel = [shared = m_shared] {
        shared->cancel.store(true);
    };
    progress.stopping = tr("Stopping after the current batch…");
    m_progress.open(label, std::move(progress));

    const std::shared_ptr<Shared> shared = m_shared;
    const std::function<void(std::int64_t)> hook = m_afterBatch;
    const auto afterBatch = [shared, hook](std::int64_t done) {
        shared->done.store(done);
        if (hook)
            hook(done);
    };
    const Kind kind = m_kind;
    const std::int64_t count = std::int64_t(m_entries.size());
    AuditRecord subject{auditAction(kind), m_auditDatabase.toStdString(), {}, m_search};
    auto work = [store = m_store,
                 entries = m_entries,
                 bytes = m_bytes,
                 path = m_path,
                 ttlMs = m_ttlMs,
                 kind,
                 count,
                 shared,
                 afterBatch](AuditedAction &audit) {
        Outcome outcome;
        if (kind == Kind::Export) {
            outcome.result = exportHits(bytes, entries, path, shared->cancel, afterBatch);
        } else {
            CheckedWriteOptions options;
            options.kind = kind == Kind::Delete      ? CheckedWriteKind::Delete
                           : kind == Kind::SetExpiry ? CheckedWriteKind::SetExpiry
                                                     : CheckedWriteKind::ClearExpiry;
            options.ttlMs = ttlMs;
            options.batchSize = kBatch;
            options.cancel = &shared->cancel;
            options.afterBatch = [&afterBatch](std::int64_t done, std::int64_t skipped) {
                afterBatch(done + skipped);
            };
            outcome.result = writeChecked(*store, entries, options);
        }
        const CheckedWriteResult &result = outcome.result;
        (void)audit.end(result.cancelled ? AuditOutcome::Cancelled : AuditOutcome::Done,
                        count,
                        result.done,
                        result.skipped > 0 ? "skipped " + std::to_string(result.skipped)
                                                 + " changed since the search"
                                           : std::string());
        return outcome;
    };
    m_watcher.setFuture(
        runAuditedKeepingError<Outcome>(std::move(subject), count, policy, std::move(work)));
}

QString ValueResultAction::summaryOf(const Outcome &outcome) const
{
    const CheckedWriteResult &result = outcome.result;
    const int done = int(std::min<std::int64_t>(result.done, INT_MAX));
    const int skipped = int(std::min<std::int64_t>(result.skipped, INT_MAX));
    QString summary;
    switch (m_kind) {
    case Kind::Delete:
        summary = tr("Deleted %Ln entries.", nullptr, done);
        break;
    case Kind::SetExpiry:
        summary = tr("Set the expiry of %Ln entries.", nullptr, done);
        break;
    case Kind::ClearExpiry:
        summary = tr("Cleared the expiry of %Ln entries.", nullptr, done);
        break;
    case Kind::Export:
        summary = result.cancelled ? tr("Export cancelled; %1 was not written.").arg(m_path)
                                   : tr("Exported %Ln entries to %1.", nullptr, done).arg(m_path);
        return summary;
    }
    if (skipped > 0)
        summary += QLatin1Char(' ')
                   + tr("Skipped %Ln that changed since the search.", nullptr, skipped);
    if (result.cancelled)
        summary = tr("Cancelled after the batch being written.") + QLatin1Char(' ') + summary;
    return summary;
}

void ValueResultAction::onRan(const Outcome &outcome)
{
    if (!outcome.error.isEmpty()) {
        // What the batches before the failure did stays done.
        const int done = int(std::min<std::int64_t>(m_shared->done.load(), INT_MAX));
        finish(tr("Failed after %Ln entries: %1", nullptr, done).arg(outcome.error), outcome, true);
        return;
    }
    finish(summaryOf(outcome), outcome);
}

void ValueResultAction::finish(const QString &summary, const Outcome &outcome, bool failed)
{
    emit finished(summary, outcome, failed);
    deleteLater();
}

} // namespace kvs::ui
