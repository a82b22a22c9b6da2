#include "atomic/transaction_pane.h"

#include "atomic/commit_history_model.h"
#include "atomic/transaction_controller.h"
#include "atomic/transaction_model.h"
#include "atomic/transaction_row_editor.h"
#include "atomic/transaction_script.h"
#include "common/audited_job.h"
#include "common/file_chooser.h"
#include "common/scrolled_content.h"
#include "theme/ui_palette.h"

#include <kvs/errors.h>
#include <kvs/literal.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

QTableView *tableFor(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->hide();
    view->setWordWrap(false);
    return view;
}

QString jsonFilter()
{
    return QObject::tr("Transactions (*.json);;All files (*)");
}

} // namespace

TransactionPane::TransactionPane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new TransactionController(this))
    , m_rows(tableFor(m_controller->model(), this))
    , m_editor(new TransactionRowEditor(this))
    , m_preview(new QPlainTextEdit(this))
    , m_copy(new QPushButton(tr("Copy JavaScript"), this))
    , m_remove(new QPushButton(tr("Remove row"), this))
    , m_moveUp(new QPushButton(tr("Move up"), this))
    , m_moveDown(new QPushButton(tr("Move down"), this))
    , m_moveUpAction(new QAction(tr("Move up"), m_rows))
    , m_moveDownAction(new QAction(tr("Move down"), m_rows))
    , m_dryRun(new QPushButton(tr("Dry run"), this))
    , m_commit(new QPushButton(tr("Commit"), this))
    , m_retry(new QPushButton(tr("Refresh checks and retry"), this))
    , m_result(new QLabel(this))
    , m_history(tableFor(m_controller->history(), this))
{
    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this,
                                     tr("Commit"),
                                     question,
                                     QMessageBox::Ok | QMessageBox::Cancel,
                                     QMessageBox::Cancel)
               == QMessageBox::Ok;
    };
    m_rows->setObjectName(QStringLiteral("transactionRows"));
    m_rows->horizontalHeader()->resizeSection(TransactionModel::Operation, 80);
    m_rows->horizontalHeader()->resizeSection(TransactionModel::Key, 200);
    m_rows->horizontalHeader()->resizeSection(TransactionModel::Details, 260);
    m_history->setObjectName(QStringLiteral("transactionHistory"));
    m_history->horizontalHeader()->resizeSection(CommitHistoryModel::Time, 110);
    m_history->horizontalHeader()->resizeSection(CommitHistoryModel::Operations, 180);
    m_preview->setReadOnly(true);
    m_preview->setObjectName(QStringLiteral("transactionPreview"));
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_commit->setObjectName(QStringLiteral("transactionCommit"));
    m_commit->setToolTip(tr("Runs the checks and mutations in one transaction. Needs writes "
                            "allowed (the database's toolbar)."));
    m_dryRun->setToolTip(tr("Reads every checked key again and says whether the commit would "
                            "pass; writes nothing."));
    m_retry->hide();
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setObjectName(QStringLiteral("transactionResult"));

    auto *addButtons = new QHBoxLayout;
    const std::pair<TransactionRow::Kind, QString> kinds[] = {
        {TransactionRow::Kind::Check, tr("Add check")},
        {TransactionRow::Kind::Set, tr("Add set")},
        {TransactionRow::Kind::Delete, tr("Add delete")},
        {TransactionRow::Kind::Sum, tr("Add sum")},
        {TransactionRow::Kind::Enqueue, tr("Add enqueue")},
    };
    for (const auto &[kind, text] : kinds) {
        auto *button = new QPushButton(text, this);
        button->setObjectName(QStringLiteral("add_") + operationName(kind));
        addButtons->addWidget(button);
        connect(button, &QPushButton::clicked, this, [this, kind = kind] { addRow(int(kind)); });
    }
    addButtons->addWidget(m_remove);
    addButtons->addWidget(m_moveUp);
    addButtons->addWidget(m_moveDown);
    addButtons->addStretch(1);
    auto *load = new QPushButton(tr("Load…"), this);
    auto *save = new QPushButton(tr("Save…"), this);
    addButtons->addWidget(load);
    addButtons->addWidget(save);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_rows, 1);
    leftLayout->addWidget(m_editor);
    auto *right = new QGroupBox(tr("JavaScript"), this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->addWidget(m_preview, 1);
    rightLayout->addWidget(m_copy, 0, Qt::AlignRight);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);

    auto *actions = new QHBoxLayout;
    actions->addWidget(m_dryRun);
    actions->addWidget(m_commit);
    actions->addWidget(m_result, 1);
    actions->addWidget(m_retry);
    auto *historyBox = new QGroupBox(tr("Commits of this session"), this);
    auto *historyLayout = new QVBoxLayout(historyBox);
    historyLayout->addWidget(m_history);
    m_history->setMaximumHeight(140);

    // A window narrower than the row of buttons scrolls the view instead of outgrowing the screen.
    auto *layout = new QVBoxLayout(scrolledContent(this, "transaction"));
    layout->addLayout(addButtons);
    layout->addWidget(splitter, 1);
    layout->addLayout(actions);
    layout->addWidget(historyBox);

    TransactionModel *model = m_controller->model();
    connect(m_rows->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            &TransactionPane::onCurrentRowChanged);
    connect(
        m_editor, &TransactionRowEditor::edited, this, [this, model](const TransactionRow &row) {
            const QModelIndex current = m_rows->currentIndex();
            if (current.isValid())
                model->setRow(current.row(), row);
        });
    connect(model, &TransactionModel::transactionChanged, this, [this] {
        updatePreview();
        updateActions();
    });
    connect(model, &QAbstractItemModel::modelReset, this, &TransactionPane::onCurrentRowChanged);
    connect(m_remove, &QPushButton::clicked, this, [this, model] {
        const QModelIndex current = m_rows->currentIndex();
        if (current.isValid())
            model->removeRowAt(current.row());
    });
    // Order matters: a failed commit names its check by index, and mutations run in order.
    m_moveUpAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    m_moveDownAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    for (QAction *action : {m_moveUpAction, m_moveDownAction}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_rows->addAction(action);
    }
    m_moveUp->setToolTip(tr("Moves the row up among the checks or the mutations (Alt+Up)."));
    m_moveDown->setToolTip(tr("Moves the row down among the checks or the mutations (Alt+Down)."));
    connect(m_moveUpAction, &QAction::triggered, this, [this] { moveCurrentRow(-1); });
    connect(m_moveDownAction, &QAction::triggered, this, [this] { moveCurrentRow(1); });
    connect(m_moveUp, &QPushButton::clicked, m_moveUpAction, &QAction::trigger);
    connect(m_moveDown, &QPushButton::clicked, m_moveDownAction, &QAction::trigger);
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_preview->toPlainText());
    });
    connect(m_dryRun, &QPushButton::clicked, m_controller, &TransactionController::dryRun);
    connect(m_commit, &QPushButton::clicked, this, [this] { commitAsked(false); });
    connect(m_retry, &QPushButton::clicked, this, [this] { commitAsked(true); });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path
            = FileChooser::getSaveFileName(this, tr("Save transaction"), QString(), jsonFilter());
        if (!path.isEmpty())
            saveTo(path);
    });
    connect(load, &QPushButton::clicked, this, [this] {
        const QString path
            = FileChooser::getOpenFileName(this, tr("Load transaction"), QString(), jsonFilter());
        if (!path.isEmpty())
            loadFrom(path);
    });
    connect(m_controller, &TransactionController::busyChanged, this, [this](bool busy) {
        if (busy) {
            m_retry->hide();
            showResult(tr("Working…"), false);
        }
        updateActions();
    });
    connect(m_controller, &TransactionController::committed, this, [this](qint64 version) {
        showResult(tr("Committed: versionstamp %1").arg(version), false);
    });
    connect(m_controller, &TransactionController::dryRunPassed, this, [this](int checks) {
        showResult(tr("Dry run: all %Ln check(s) pass; the commit would go through now. Nothing "
                      "was written.",
                      nullptr,
                      checks),
                   false);
    });
    connect(
        m_controller, &TransactionController::checkFailed, this, &TransactionPane::onCheckFailed);
    connect(m_controller, &TransactionController::checksRefreshed, this, [this] {
        showResult(tr("Checks refreshed to the versions the keys have now."), false);
        onCurrentRowChanged();
    });
    connect(m_controller, &TransactionController::failed, this, [this](const QString &message) {
        showResult(tr("Failed: %1").arg(message), true);
    });
    updatePreview();
    updateActions();
}

void TransactionPane::commitAsked(bool refreshFirst)
{
    const QString problem = auditLogProblem();
    if (!problem.isEmpty()
        && !m_confirm(questionWithAudit(tr("Commit this transaction?"), problem)))
        return;
    if (refreshFirst) {
        m_retry->hide();
        m_controller->refreshChecks(true, policyAfter(problem));
    } else {
        m_controller->commit(policyAfter(problem));
    }
}

void TransactionPane::setStore(std::shared_ptr<AsyncKVStore> store, bool writable)
{
    m_controller->setStore(std::move(store), writable);
    updateActions();
}

void TransactionPane::addRow(int kind)
{
    TransactionRow row;
    row.kind = TransactionRow::Kind(kind);
    const int at = m_controller->model()->addRow(row);
    m_rows->setCurrentIndex(m_controller->model()->index(at, 0));
    m_editor->keyEdit()->setFocus();
}

bool TransactionPane::saveTo(const QString &path)
{
    try {
        m_controller->saveTo(path);
        showResult(tr("Saved to %1.").arg(path), false);
        return true;
    } catch (const std::exception &e) {
        showResult(tr("Could not save: %1").arg(QString::fromStdString(e.what())), true);
        return false;
    }
}

bool TransactionPane::loadFrom(const QString &path)
{
    try {
        m_controller->loadFrom(path);
        showResult(tr("Loaded %1.").arg(path), false);
        return true;
    } catch (const std::exception &e) {
        showResult(tr("Could not load: %1").arg(QString::fromStdString(e.what())), true);
        return false;
    }
}

void TransactionPane::onCurrentRowChanged()
{
    const QModelIndex current = m_rows->currentIndex();
    m_editor->showRow(current.isValid() ? std::optional(m_controller->model()->rowAt(current.row()))
                                        : std::nullopt);
    updateActions();
}

void TransactionPane::onCheckFailed(const FailedCheck &failure)
{
    const QString key = QString::fromStdString(printKeyLiteral(failure.key));
    const QString expected
        = failure.expected ? tr("version %1").arg(*failure.expected) : tr("must not exist");
    QString current = tr("absent");
    if (failure.current) {
        current = tr("version %1 = %2")
                      .arg(failure.current->version)
                      .arg(QString::fromStdString(printLiteral(failure.current->value)));
    }
    const QString text
        = failure.dryRun
              ? tr("Dry run: check %1 on %2 would fail. Expected: %3. Now: %4. Nothing was "
                   "written.")
              : tr("Not committed: check %1 on %2 failed. Expected: %3. Now: %4. Nothing was "
                   "written.");
    showResult(text.arg(failure.row + 1).arg(key, expected, current), true);
    m_rows->setCurrentIndex(m_controller->model()->index(failure.row, 0));
    m_retry->setVisible(m_controller->isWritable());
}

void TransactionPane::moveCurrentRow(int delta)
{
    const QModelIndex current = m_rows->currentIndex();
    if (current.isValid() && !m_controller->isBusy())
        m_controller->model()->moveRow(current.row(), delta); // the row stays current
}

void TransactionPane::updateActions()
{
    m_commit->setEnabled(m_controller->canCommit());
    m_dryRun->setEnabled(m_controller->canDryRun() && m_controller->model()->checkCount() > 0);
    m_remove->setEnabled(m_rows->currentIndex().isValid() && !m_controller->isBusy());
    const int row = m_rows->currentIndex().isValid() ? m_rows->currentIndex().row() : -1;
    const TransactionModel *model = m_controller->model();
    m_moveUpAction->setEnabled(!m_controller->isBusy() && model->canMoveRow(row, -1));
    m_moveDownAction->setEnabled(!m_controller->isBusy() && model->canMoveRow(row, 1));
    m_moveUp->setEnabled(m_moveUpAction->isEnabled());
    m_moveDown->setEnabled(m_moveDownAction->isEnabled());
    const QString problem = m_controller->model()->firstProblem();
    if (!m_controller->isWritable())
        m_commit->setToolTip(tr("Writes are not allowed: switch on \"Allow writes\" in the "
                                "database's toolbar to commit."));
    else if (!problem.isEmpty())
        m_commit->setToolTip(problem);
    else
        m_commit->setToolTip(tr("Runs the checks and mutations in one transaction."));
}

void TransactionPane::updatePreview()
{
    m_preview->setPlainText(transactionScript(m_controller->model()->rows()));
}

void TransactionPane::showResult(const QString &text, bool problem)
{
    m_result->setText(text);
    m_result->setStyleSheet(problem ? UiPalette::of(this).textStyle(UiPalette::Role::Error)
                                    : QString());
}

} // namespace kvs::ui
