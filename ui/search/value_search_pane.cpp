#include "search/value_search_pane.h"

#include "common/file_chooser.h"
#include "preferences/preference_keys.h"
#include "search/match_mark_delegate.h"
#include "search/value_search_controller.h"
#include "search/value_search_result_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace kvs::ui {

namespace {

using Mode = ValueSearchRequest::Mode;

} // namespace

ValueSearchPane::ValueSearchPane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new ValueSearchController(this))
    , m_mode(new QComboBox(this))
    , m_text(new QLineEdit(this))
    , m_case(new QCheckBox(tr("Match case"), this))
    , m_problem(new QLabel(this))
    , m_prefix(new QLineEdit(this))
    , m_search(new QPushButton(tr("Search"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_actions(new QWidget(this))
    , m_delete(new QPushButton(tr("Delete…"), m_actions))
    , m_expire(new QPushButton(tr("Set expiry…"), m_actions))
    , m_persist(new QPushButton(tr("Clear expiry…"), m_actions))
    , m_export(new QPushButton(tr("Export…"), m_actions))
    , m_checks(new QPushButton(tr("Add as checks…"), m_actions))
    , m_actionSummary(new QLabel(this))
    , m_results(new QTreeView(this))
    , m_run(this, m_controller, m_text, m_prefix, m_search, m_cancel, m_results)
{
    m_controller->setMaxResults(prefs::searchMaxResults(QSettings()));
    m_mode->setObjectName(QStringLiteral("valueSearchMode"));
    m_mode->addItem(tr("Text"), int(Mode::Text));
    m_mode->addItem(tr("Regular expression"), int(Mode::RegularExpression));
    m_mode->addItem(tr("Condition"), int(Mode::Condition));
    m_mode->setToolTip(tr("Text: the value's literal contains it. Regular expression: matches "
                          "somewhere in the literal (Perl syntax, case-sensitive). Condition: "
                          "e.g. value.age >= 18 && kind(value.email) == \"string\" (the "
                          "README's \"Searching inside values\")."));
    m_text->setObjectName(QStringLiteral("valueSearchText"));
    m_problem->setObjectName(QStringLiteral("valueSearchProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: palette(link);"));
    m_problem->hide();
    m_prefix->setObjectName(QStringLiteral("valueSearchPrefix"));
    m_prefix->setPlaceholderText(tr("Key literal, e.g. [\"users\"]; empty: the whole database"));
    m_prefix->setToolTip(tr("Only the entries below this key are searched."));
    m_run.status()->setObjectName(QStringLiteral("valueSearchStatus"));
    m_run.capNote()->setObjectName(QStringLiteral("valueSearchCapNote"));
    m_actionSummary->setObjectName(QStringLiteral("valueActionSummary"));
    m_actionSummary->setWordWrap(true);
    m_delete->setObjectName(QStringLiteral("deleteResults"));
    m_expire->setObjectName(QStringLiteral("expireResults"));
    m_persist->setObjectName(QStringLiteral("clearExpiryResults"));
    m_export->setObjectName(QStringLiteral("exportResults"));
    m_checks->setObjectName(QStringLiteral("checkResults"));
    m_checks->setToolTip(tr("Add a check of each entry found, at the version the search saw, "
                            "to the Transaction view (the first %1).")
                             .arg(kMaxChecks));
    m_delete->setToolTip(tr("Delete every entry found that has not changed since the search."));
    m_expire->setToolTip(tr("Give every entry found an expiry (its value is written again)."));
    m_persist->setToolTip(tr("Remove the expiry of every entry found."));
    m_export->setToolTip(tr("Write the entries found to a file, as kvs find --export does."));
    m_run.setUp(this, m_controller->results());
    m_results->setItemDelegateForColumn(
        ValueSearchResultModel::PreviewColumn,
        new MatchMarkDelegate(ValueSearchResultModel::MarkRole, m_results));
    m_results->header()->setStretchLastSection(false);
    m_results->header()->setSectionResizeMode(ValueSearchResultModel::PreviewColumn,
                                              QHeaderView::Stretch);
    m_results->setColumnWidth(ValueSearchResultModel::KeyColumn, 260);
    m_results->setColumnWidth(ValueSearchResultModel::KindColumn, 70);
    m_results->setColumnWidth(ValueSearchResultModel::VersionColumn, 70);

    auto *textColumn = new QVBoxLayout;
    auto *textRow = new QHBoxLayout;
    textRow->addWidget(m_mode);
    textRow->addWidget(m_text, 1);
    textRow->addWidget(m_case);
    textColumn->addLayout(textRow);
    textColumn->addWidget(m_problem);
    auto *form = new QFormLayout;
    form->addRow(tr("Find:"), textColumn);
    form->addRow(tr("Under:"), m_run.prefixRow());
    auto *actionsRow = new QHBoxLayout(m_actions);
    actionsRow->setContentsMargins(0, 0, 0, 0);
    actionsRow->addWidget(new QLabel(tr("The entries found:"), m_actions));
    actionsRow->addWidget(m_delete);
    actionsRow->addWidget(m_expire);
    actionsRow->addWidget(m_persist);
    actionsRow->addWidget(m_export);
    actionsRow->addWidget(m_checks);
    actionsRow->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    m_run.addStatus(layout);
    layout->addWidget(m_actions);
    layout->addWidget(m_actionSummary);
    layout->addWidget(m_results, 1);
    m_actions->hide();
    m_actionSummary->hide();

    connect(m_text, &QLineEdit::textChanged, this, &ValueSearchPane::validate);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &ValueSearchPane::validate);
    connect(m_controller, &ValueSearchController::progress, this, &ValueSearchPane::onProgress);
    connect(m_controller, &ValueSearchController::finished, this, &ValueSearchPane::onFinished);
    connect(m_results, &QTreeView::activated, this, [this](const QModelIndex &index) {
        if (index.isValid())
            emit keyActivated(m_controller->results()->hitAt(index.row()).entry.key);
    });
    connect(m_delete, &QPushButton::clicked, this, [this] {
        runAction(ValueResultAction::Kind::Delete);
    });
    connect(m_expire, &QPushButton::clicked, this, &ValueSearchPane::askExpiry);
    connect(m_persist, &QPushButton::clicked, this, [this] {
        runAction(ValueResultAction::Kind::ClearExpiry);
    });
    connect(m_export, &QPushButton::clicked, this, &ValueSearchPane::askExport);
    connect(m_checks, &QPushButton::clicked, this, &ValueSearchPane::addAsChecks);
    validate();
}

void ValueSearchPane::setStore(std::shared_ptr<AsyncKVStore> store,
                               bool writable,
                               QString auditDatabase)
{
    m_controller->setStore(std::move(store));
    m_writable = writable;
    m_auditDatabase = std::move(auditDatabase);
    updateButtons();
}

void ValueSearchPane::validate()
{
    const auto mode = Mode(m_mode->currentData().toInt());
    m_case->setEnabled(mode == Mode::Text);
    m_text->setPlaceholderText(mode == Mode::Condition
                                   ? tr("e.g. value.status == \"failed\" && value.tries > 3")
                                   : tr("Text the value contains"));
    ValueSearchRequest request;
    request.mode = mode;
    request.text = m_text->text();
    const QString problem = request.text.isEmpty() ? QString() : request.problem();
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    updateButtons();
}

void ValueSearchPane::startSearch()
{
    if (m_text->text().isEmpty() || !m_controller->hasStore() || m_action)
        return;
    m_actionSummary->hide();
    ValueSearchRequest request;
    request.mode = Mode(m_mode->currentData().toInt());
    request.text = m_text->text();
    request.matchCase = m_case->isChecked();
    if (!m_run.readPrefix(request.prefix, tr("The prefix is not a key literal: %1")))
        return;
    ++m_searchGeneration;
    if (!m_controller->start(request)) {
        m_run.showRefusal();
        updateButtons();
        return;
    }
    onProgress();
    updateButtons();
}

QString ValueSearchPane::problemText() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

QString ValueSearchPane::actionSummary() const
{
    return m_actionSummary->isHidden() ? QString() : m_actionSummary->text();
}

void ValueSearchPane::onProgress()
{
    const ValueSearchCounts &counts = m_controller->counts();
    m_run.status()->setText(tr("%L1 entries scanned, %L2 matched, %L3 undecodable…")
                                .arg(counts.scanned)
                                .arg(counts.matched)
                                .arg(counts.undecodable));
}

void ValueSearchPane::onFinished(bool cancelled, bool capped)
{
    const ValueSearchCounts &counts = m_controller->counts();
    const QString text = cancelled ? tr("Cancelled: %L1 entries scanned, %L2 matched, %L3 "
                                        "undecodable.")
                                   : tr("Done: %L1 entries scanned, %L2 matched, %L3 "
                                        "undecodable.");
    m_run.showEnd(text.arg(counts.scanned).arg(counts.matched).arg(counts.undecodable),
                  capped,
                  tr("Only the first %L1 entries found are listed: the search stopped "
                     "there (Preferences, Search). Narrow the prefix or the search to "
                     "see the others.")
                      .arg(m_controller->results()->rowCount()),
                  tr("The search stopped: %1"));
    updateButtons();
}

void ValueSearchPane::updateButtons()
{
    const bool running = m_controller->isRunning();
    const bool valid = !m_text->text().isEmpty() && m_problem->isHidden();
    m_run.showRunning(!m_action && valid);
    // The actions act on a finished search's results, on a writable tab only.
    m_actions->setVisible(m_writable);
    m_actions->setEnabled(m_writable && !running && !m_action
                          && m_controller->results()->rowCount() > 0);
}

void ValueSearchPane::askExpiry()
{
    bool ok = false;
    const int seconds = QInputDialog::getInt(this,
                                             tr("Set expiry"),
                                             tr("Expire the entries found in (seconds):"),
                                             3600,
                                             0,
                                             INT_MAX,
                                             1,
                                             &ok);
    if (ok)
        runAction(ValueResultAction::Kind::SetExpiry, double(seconds) * 1000.0);
}

void ValueSearchPane::askExport()
{
    const QString path = FileChooser::getSaveFileName(
        this, tr("Export the entries found"), QString(), tr("JSON lines (*.jsonl);;All files (*)"));
    if (!path.isEmpty())
        runAction(ValueResultAction::Kind::Export, 0, path);
}

void ValueSearchPane::addAsChecks()
{
    const ValueSearchHits &hits = m_controller->results()->hits();
    if (!m_writable || m_action || m_controller->isRunning() || hits.empty())
        return;
    const int total = int(hits.size());
    const int added = std::min(total, kMaxChecks);
    QString question
        = tr("Add a check of %Ln entries found to the Transaction view?", nullptr, added);
    if (added < total) {
        question += QLatin1Char('\n')
                    + tr("Only the first %L1 of the %L2 entries found, in key order (%3 to %4): a "
                         "transaction holds at most %L1 checks from here.")
                          .arg(added)
                          .arg(total)
                          .arg(hits.front().keyLiteral, hits[std::size_t(added - 1)].keyLiteral);
    }
    question += QLatin1Char('\n')
                + tr("Each checks that the key still has the version the search saw; nothing is "
                     "written until you commit there.");
    const bool yes = m_confirm ? m_confirm(question)
                               : QMessageBox::question(this,
                                                       tr("Add as checks"),
                                                       question,
                                                       QMessageBox::Ok | QMessageBox::Cancel,
                                                       QMessageBox::Cancel)
                                     == QMessageBox::Ok;
    if (!yes)
        return;
    std::vector<Check> checks;
    checks.reserve(std::size_t(added));
    for (int i = 0; i < added; ++i)
        checks.push_back(Check{hits[std::size_t(i)].entry.key, hits[std::size_t(i)].entry.version});
    m_actionSummary->setText(
        added < total ? tr("Added checks of the first %L1 of %L2 entries to the Transaction view.")
                            .arg(added)
                            .arg(total)
                      : tr("Added checks of %Ln entries to the Transaction view.", nullptr, added));
    m_actionSummary->show();
    emit checksRequested(checks);
}

void ValueSearchPane::runAction(ValueResultAction::Kind kind, double ttlMs, const QString &path)
{
    if (!m_writable || m_action || m_controller->isRunning() || !m_controller->hasStore())
        return;
    auto *action = new ValueResultAction(m_controller->store(),
                                         kind,
                                         m_controller->results()->hits(),
                                         m_auditDatabase,
                                         m_controller->request().describe(),
                                         this);
    action->setTtlMs(ttlMs);
    action->setPath(path);
    if (m_confirm)
        action->setConfirm(m_confirm);
    if (m_actionBatchHook)
        action->setAfterBatchHook(m_actionBatchHook);
    const quint64 generation = m_searchGeneration;
    connect(action,
            &ValueResultAction::finished,
            this,
            [this, kind, generation, ttlMs](
                const QString &summary, const ValueResultAction::Outcome &outcome, bool failed) {
                onActionFinished(summary, outcome, kind, generation, ttlMs, failed);
            });
    m_action = action;
    updateButtons();
    action->start();
}

void ValueSearchPane::onActionFinished(const QString &summary,
                                       const ValueResultAction::Outcome &outcome,
                                       ValueResultAction::Kind kind,
                                       quint64 generation,
                                       double ttlMs,
                                       bool failed)
{
    m_action = nullptr;
    m_actionSummary->setText(summary);
    m_actionSummary->show();
    const bool wrote = kind != ValueResultAction::Kind::Export && outcome.result.done > 0;
    if (wrote && generation == m_searchGeneration) {
        std::optional<std::int64_t> expiresAt;
        // The store's own time decides the expiry; the result list keeps an estimate of it.
        if (kind == ValueResultAction::Kind::SetExpiry)
            expiresAt = QDateTime::currentMSecsSinceEpoch() + std::int64_t(ttlMs);
        m_controller->results()->applyWrites(
            outcome.result, kind == ValueResultAction::Kind::Delete, expiresAt);
    }
    if (wrote || failed)
        emit dataChanged();
    updateButtons();
}

} // namespace kvs::ui
