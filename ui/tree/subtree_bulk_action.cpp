#include "tree/subtree_bulk_action.h"

#include "common/audited_job.h"
#include "common/production_mark.h"

#include <kvs/literal.h>
#include <kvs/recycle_bin.h>

#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>

#include <climits>
#include <fstream>

namespace kvs::ui {

namespace {

// afterBatch: SubtreeBulkAction::setAfterBatchHook's hook, or empty.
TransferOptions optionsFor(const std::shared_ptr<void> &keepAlive,
                           std::atomic<bool> &cancel,
                           std::atomic<long long> &done,
                           std::atomic<long long> &skipped,
                           const std::function<void(long long)> &afterBatch = {})
{
    TransferOptions options;
    options.onProgress
        = [keepAlive, &cancel, &done, &skipped, afterBatch](const TransferProgress &progress) {
              done.store(progress.done);
              skipped.store(progress.skipped);
              if (afterBatch)
                  afterBatch(progress.done);
              return !cancel.load();
          };
    return options;
}

std::string localPath(const QString &path)
{
    return QFile::encodeName(path).toStdString();
}

// The non-blank lines of the file (what an import will read), counted in a stream.
long long countLines(const QString &path, const std::atomic<bool> &cancel)
{
    std::ifstream in(localPath(path), std::ios::binary);
    if (!in)
        throw Error("kvs: cannot read the file");
    long long lines = 0;
    std::string line;
    while (!cancel.load() && std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") != std::string::npos)
            ++lines;
    }
    return lines;
}

} // namespace

SubtreeBulkAction::SubtreeBulkAction(
    std::shared_ptr<AsyncKVStore> store, Kind kind, Key prefix, QString path, QWidget *parent)
    : QObject(parent)
    , m_store(std::move(store))
    , m_kind(kind)
    , m_prefix(std::move(prefix))
    , m_path(std::move(path))
    , m_parent(parent)
    , m_shared(std::make_shared<Shared>())
    , m_progress(parent, QStringLiteral("bulkProgress"))
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        m_progress.close();
        const Outcome outcome = m_watcher.result();
        if (m_running)
            onRan(outcome);
        else
            onCounted(outcome);
    });
}

SubtreeBulkAction::~SubtreeBulkAction()
{
    // A worker still running stops after its batch; it holds its own state and the store.
    m_shared->cancel.store(true);
}

void SubtreeBulkAction::setCopyTarget(std::shared_ptr<AsyncKVStore> target,
                                      const QString &sourceName,
                                      const QString &targetName)
{
    m_target = std::move(target);
    m_sourceName = sourceName;
    m_targetName = targetName;
}

QString SubtreeBulkAction::subtreeText() const
{
    if (m_prefix.empty())
        return tr("the whole database");
    return tr("%1 and the keys below it").arg(QString::fromStdString(printKeyLiteral(m_prefix)));
}

void SubtreeBulkAction::start()
{
    showProgress(m_kind == Kind::Import ? tr("Counting the lines of %1…").arg(m_path)
                                        : tr("Counting the entries of %1…").arg(subtreeText()),
                 0);
    const std::shared_ptr<Shared> shared = m_shared;
    const std::shared_ptr<AsyncKVStore> store = m_store;
    const KeyRange range = KeyRange::subtree(m_prefix);
    const bool lines = m_kind == Kind::Import;
    const QString path = m_path;
    m_watcher.setFuture(QtConcurrent::run([shared, store, range, lines, path] {
        Outcome outcome;
        try {
            if (lines) {
                outcome.result.done = countLines(path, shared->cancel);
                outcome.result.cancelled = shared->cancel.load();
            } else {
                outcome.result = countEntries(
                    *store,
                    range,
                    optionsFor(shared, shared->cancel, shared->done, shared->skipped));
            }
        } catch (const std::exception &error) {
            outcome.error = QString::fromStdString(error.what());
        }
        return outcome;
    }));
}

void SubtreeBulkAction::showProgress(const QString &label, long long total)
{
    BatchProgress::Job job;
    job.total = total;
    job.read = [shared = m_shared] {
        return BatchProgress::Counts{shared->before.load() + shared->done.load()
                                     + shared->skipped.load()};
    };
    job.cancel = [shared = m_shared] {
        shared->cancel.store(true);
    };
    job.stopping = tr("Stopping after the current batch…");
    m_progress.open(label, std::move(job));
}

void SubtreeBulkAction::onCounted(const Outcome &counted)
{
    if (!counted.error.isEmpty()) {
        finish(tr("Could not count: %1").arg(counted.error), false, true);
        return;
    }
    if (counted.result.cancelled) {
        finish(tr("Cancelled while counting; nothing was changed."), false);
        return;
    }
    const long long count = counted.result.done;
    if (count == 0) {
        finish(m_kind == Kind::Import ? tr("%1 holds no entries; nothing was imported.").arg(m_path)
                                      : tr("No entries in %1; nothing to do.").arg(subtreeText()),
               false);
        return;
    }
    ImportMode mode = ImportMode::SkipExisting;
    if (!confirm(count, &mode)) {
        finish(tr("Cancelled; nothing was changed."), false);
        return;
    }
    run(mode, count);
}

bool SubtreeBulkAction::confirm(long long count, ImportMode *mode)
{
    const int n = static_cast<int>(std::min<long long>(count, INT_MAX));
    QMessageBox box(QMessageBox::Question, {}, {}, QMessageBox::Cancel, m_parent);
    box.setObjectName(QStringLiteral("confirmBulk"));
    QPushButton *go = nullptr;
    QPushButton *overwrite = nullptr;
    switch (m_kind) {
    case Kind::Export:
        box.setWindowTitle(tr("Export subtree"));
        box.setText(tr("Export %Ln entries of %1 to %2?", nullptr, n).arg(subtreeText(), m_path));
        box.setInformativeText(
            tr("The export is read in pages of 1,000 entries and is not one snapshot: writes "
               "committed while it runs may or may not be in it. Each line holds a key and its "
               "value as literals, and its expiry; versions and queue messages are not "
               "exported. The file is written only if the export completes."));
        go = box.addButton(tr("Export"), QMessageBox::AcceptRole);
        break;
    case Kind::Delete:
        box.setIcon(QMessageBox::Warning);
        box.setWindowTitle(tr("Delete subtree"));
        box.setText(tr("Delete %Ln entries of %1?", nullptr, n).arg(subtreeText()));
        // With a recycle bin (the tab's undo is on) they can be put back; without, not.
        box.setInformativeText(
            m_store && recycleBinOf(*m_store)
                ? tr("They are first kept in Edit > Recently Deleted (which can put them back), "
                     "then deleted in batches of 1,000 entries, each its own short transaction; "
                     "an entry written after it was kept is not deleted. Cancel stops after the "
                     "current batch; what was deleted stays deleted.")
                : tr("They are deleted in batches of 1,000 entries, each its own short "
                     "transaction. Cancel stops after the current batch; what was deleted stays "
                     "deleted. This cannot be undone."));
        go = box.addButton(tr("Delete"), QMessageBox::DestructiveRole);
        break;
    case Kind::Copy:
        box.setWindowTitle(tr("Copy subtree"));
        box.setText(tr("Copy %Ln entries of %1 from %2 to %3?", nullptr, n)
                        .arg(subtreeText(), m_sourceName, m_targetName));
        box.setInformativeText(
            tr("Each entry is written at the same key in %1, in batches of 1,000 entries, each "
               "its own short transaction with a new versionstamp of %1; entries whose expiry "
               "has passed are skipped, the others keep their expiry time. %2 is read in pages "
               "and is not one snapshot. Cancel stops after the current batch; what was copied "
               "stays. Keys of %1 that already hold an entry: skip them, or overwrite them?")
                .arg(m_targetName, m_sourceName));
        go = box.addButton(tr("Copy, skip existing"), QMessageBox::AcceptRole);
        overwrite = box.addButton(tr("Copy, overwrite existing"), QMessageBox::DestructiveRole);
        break;
    case Kind::Import:
        box.setWindowTitle(tr("Import entries"));
        box.setText(tr("Import the %Ln entries of %1 into this database?", nullptr, n).arg(m_path));
        box.setInformativeText(
            tr("Each entry is written at the key the file names (keys are absolute), not below "
               "the selected row. Written in batches of 1,000 entries, each its own transaction "
               "with a new versionstamp; entries whose expiry has passed are skipped. A "
               "malformed line stops the import there: nothing of its batch is written, the "
               "batches before it stay. Keys that already hold an entry: keep them, or "
               "overwrite them?")
            + (m_store && recycleBinOf(*m_store)
                   ? QLatin1Char(' ')
                         + tr("What an overwrite replaces is first kept in Edit > Recently "
                              "Deleted, whose Restore takes the import back.")
                   : QString()));
        go = box.addButton(tr("Import, keep existing"), QMessageBox::AcceptRole);
        overwrite = box.addButton(tr("Import, overwrite existing"), QMessageBox::DestructiveRole);
        break;
    }
    // What writes is audited; when the log cannot be written the question says so, and a yes
    // runs it without an audit entry.
    m_auditProblem = m_kind == Kind::Export ? QString() : auditLogProblem();
    box.setInformativeText(questionWithAudit(box.informativeText(), m_auditProblem));
    box.setDefaultButton(QMessageBox::Cancel);
    m_question = box.text() + QLatin1Char('\n') + box.informativeText();
    box.exec();
    const bool overwriting
        = overwrite && box.clickedButton() == static_cast<QAbstractButton *>(overwrite);
    if (!overwriting && box.clickedButton() != static_cast<QAbstractButton *>(go))
        return false;
    // A delete, and an import over existing keys, on a production tab: the database's name is
    // typed too (a copy's target is another tab, which this one cannot speak for).
    const bool destructive = m_kind == Kind::Delete || (m_kind == Kind::Import && overwriting);
    if (destructive
        && !confirmOnProduction(m_parent,
                                QStringLiteral("confirmBulkProduction"),
                                m_question,
                                box.clickedButton()->text().remove(QLatin1Char('&'))))
        return false;
    if (overwriting)
        *mode = ImportMode::Overwrite;
    return true;
}

void SubtreeBulkAction::run(ImportMode mode, long long total)
{
    m_running = true;
    m_shared->done.store(0);
    m_shared->skipped.store(0);
    m_shared->before.store(0);
    const bool keeping = m_kind == Kind::Delete && m_store && recycleBinOf(*m_store);
    const QString label
        = m_kind == Kind::Export ? tr("Exporting %1…").arg(subtreeText())
          : keeping ? tr("Keeping %1 in Recently Deleted, then deleting it…").arg(subtreeText())
          : m_kind == Kind::Delete ? tr("Deleting %1…").arg(subtreeText())
          : m_kind == Kind::Copy   ? tr("Copying %1 to %2…").arg(subtreeText(), m_targetName)
                                   : tr("Importing %1…").arg(m_path);
    showProgress(label, keeping ? 2 * total : total);
    m_shared->afterBatch = m_afterBatch;
    const std::shared_ptr<Shared> shared = m_shared;
    const std::shared_ptr<AsyncKVStore> store = m_store;
    const std::shared_ptr<AsyncKVStore> target = m_target;
    const KeyRange range = KeyRange::subtree(m_prefix);
    const Key prefix = m_prefix;
    const Kind kind = m_kind;
    const QString path = m_path;
    const auto work = [shared, store, target, range, prefix, kind, path, mode] {
        Outcome outcome;
        const TransferOptions options
            = optionsFor(shared, shared->cancel, shared->done, shared->skipped, shared->afterBatch);
        try {
            if (kind == Kind::Export) {
                // Written beside the file and renamed over it only when complete.
                QSaveFile file(path);
                if (!file.open(QIODevice::WriteOnly))
                    throw Error(file.errorString().toStdString());
                outcome.result = exportEntries(
                    *store,
                    range,
                    [&file](std::string_view lines) {
                        if (file.write(lines.data(), static_cast<qint64>(lines.size()))
                            != static_cast<qint64>(lines.size()))
                            throw Error(file.errorString().toStdString());
                    },
                    options);
                if (outcome.result.cancelled)
                    file.cancelWriting();
                else if (!file.commit())
                    throw Error(file.errorString().toStdString());
            } else if (kind == Kind::Delete) {
                // Into the recycle bin first (kvs/recycle_bin.h), when the tab keeps one: a
                // failure to keep them stops the delete before it removes anything. Then exactly
                // what was kept is deleted: an entry written since is left (skipped).
                if (const std::shared_ptr<RecycleBin> bin = recycleBinOf(*store)) {
                    const RecycledItem kept
                        = bin->keep(*store, range, "subtree " + printKeyLiteral(prefix), options);
                    if (shared->cancel.load()) {
                        bin->remove(kept); // nothing was deleted: nothing to keep
                        outcome.result.cancelled = true;
                        return outcome;
                    }
                    shared->before.store(shared->done.load() + shared->skipped.load());
                    shared->done.store(0);
                    shared->skipped.store(0);
                    outcome.result = bin->deleteKept(*store, kept, options);
                } else {
                    outcome.result = deleteEntries(*store, range, options);
                }
            } else if (kind == Kind::Copy) {
                if (!target)
                    throw Error("kvs: no database to copy to");
                outcome.result = copyEntries(*store, range, *target, mode, options);
            } else {
                std::ifstream in(localPath(path), std::ios::binary);
                if (!in)
                    throw Error("cannot read the file");
                // Over existing keys, with a recycle bin: what it replaces is kept first, batch by
                // batch, and a bin that cannot be written stops it before it writes anything.
                const std::shared_ptr<RecycleBin> bin
                    = mode == ImportMode::Overwrite ? recycleBinOf(*store) : nullptr;
                if (bin) {
                    const std::string what = "import " + QFileInfo(path).fileName().toStdString();
                    outcome.result = bin->keepImport(*store, in, what, options).result;
                } else {
                    outcome.result = importEntries(*store, in, mode, options);
                }
            }
        } catch (const ImportFormatError &error) {
            outcome.error = QString::fromStdString(error.what());
            outcome.line = error.line();
            outcome.result.done = error.imported();
            outcome.result.skipped = error.skipped();
        } catch (const std::exception &error) {
            outcome.error = QString::fromStdString(error.what());
            outcome.result.done = shared->done.load();
        }
        return outcome;
    };
    const std::optional<AuditRecord> subject = auditSubject();
    const AuditPolicy policy = policyAfter(m_auditProblem);
    if (!subject) { // an export changes nothing: not audited
        m_watcher.setFuture(QtConcurrent::run(work));
        return;
    }
    m_watcher.setFuture(runAuditedKeepingError<Outcome>(
        *subject, total, policy, [work, total](AuditedAction &audit) {
            const Outcome outcome = work();
            const TransferResult &result = outcome.result;
            const AuditOutcome ended = !outcome.error.isEmpty() ? AuditOutcome::Failed
                                       : result.cancelled       ? AuditOutcome::Cancelled
                                                                : AuditOutcome::Done;
            const std::string detail = !outcome.error.isEmpty() ? outcome.error.toStdString()
                                       : result.skipped > 0
                                           ? "skipped " + std::to_string(result.skipped)
                                           : std::string();
            (void)audit.end(ended, total, result.done, detail);
            return outcome;
        }));
}

std::optional<AuditRecord> SubtreeBulkAction::auditSubject() const
{
    const std::string database = m_auditDatabase.toStdString();
    const std::string subtree = printKeyLiteral(m_prefix);
    switch (m_kind) {
    case Kind::Export:
        return std::nullopt;
    case Kind::Delete:
        return AuditRecord{"delete-subtree", database, {}, subtree};
    case Kind::Import:
        return AuditRecord{"import", database, {}, m_path.toStdString()};
    case Kind::Copy:
        return AuditRecord{
            "copy-subtree", database, {}, subtree + " from " + m_sourceName.toStdString()};
    }
    return std::nullopt;
}

void SubtreeBulkAction::onRan(const Outcome &outcome)
{
    const int done = static_cast<int>(std::min<long long>(outcome.result.done, INT_MAX));
    const QString skipped = QLocale().toString(outcome.result.skipped);
    // A copy changes the other database, whose tab follows it as it follows any commit.
    const bool changed = m_kind != Kind::Export && m_kind != Kind::Copy;
    if (!outcome.error.isEmpty()) {
        if (outcome.line > 0) {
            finish(tr("Import stopped at line %1 (%2). Nothing of that line's batch was "
                      "written; %Ln entries were imported before it.",
                      nullptr,
                      done)
                       .arg(outcome.line)
                       .arg(outcome.error),
                   true,
                   true);
            return;
        }
        finish(tr("Failed after %Ln entries: %1", nullptr, done).arg(outcome.error), changed, true);
        return;
    }
    QString summary;
    switch (m_kind) {
    case Kind::Export:
        summary = outcome.result.cancelled
                      ? tr("Export cancelled after %Ln entries; %1 was not written.", nullptr, done)
                            .arg(m_path)
                      : tr("Exported %Ln entries to %1.", nullptr, done).arg(m_path);
        break;
    case Kind::Delete:
        summary
            = outcome.result.cancelled ? tr(
                  "Delete cancelled: %Ln entries were deleted before it stopped.", nullptr, done)
                                       : tr("Deleted %Ln entries.", nullptr, done);
        if (outcome.result.skipped > 0) // only a delete of what the recycle bin kept skips
            summary += QLatin1Char(' ')
                       + tr("%Ln kept entries had changed since (written, deleted or expired) "
                            "and were left as they are.",
                            nullptr,
                            static_cast<int>(std::min<long long>(outcome.result.skipped, INT_MAX)));
        break;
    case Kind::Copy:
        summary = outcome.result.cancelled
                      ? tr("Copy cancelled: %Ln entries copied to %1 (%2 skipped) before it "
                           "stopped.",
                           nullptr,
                           done)
                            .arg(m_targetName, skipped)
                      : tr("Copied %Ln entries to %1, skipped %2.", nullptr, done)
                            .arg(m_targetName, skipped);
        break;
    case Kind::Import:
        summary = outcome.result.cancelled
                      ? tr("Import cancelled: %Ln entries imported (%1 skipped) before it stopped.",
                           nullptr,
                           done)
                            .arg(skipped)
                      : tr("Imported %Ln entries, skipped %1.", nullptr, done).arg(skipped);
        break;
    }
    finish(summary, changed);
}

void SubtreeBulkAction::finish(const QString &summary, bool changedData, bool failed)
{
    emit finished(summary, changedData, failed);
    deleteLater();
}

} // namespace kvs::ui
