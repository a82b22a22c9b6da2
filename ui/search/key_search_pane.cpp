#include "search/key_search_pane.h"

#include "common/message_banner.h"
#include "preferences/preference_keys.h"
#include "search/key_search_controller.h"
#include "search/key_search_result_model.h"

#include <kvs/literal.h>

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTreeView>
#include <QVBoxLayout>

#include <exception>

namespace kvs::ui {

KeySearchPane::KeySearchPane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new KeySearchController(this))
    , m_text(new QLineEdit(this))
    , m_prefix(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regular expression"), this))
    , m_case(new QCheckBox(tr("Match case"), this))
    , m_search(new QPushButton(tr("Search"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_busy(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_capNote(new QLabel(this))
    , m_banner(new MessageBanner(MessageBanner::Tone::Error, this))
    , m_results(new QTreeView(this))
{
    m_controller->setMaxResults(prefs::searchMaxResults(QSettings()));
    m_text->setObjectName(QStringLiteral("searchText"));
    m_text->setPlaceholderText(tr("Text a key part contains"));
    m_text->setClearButtonEnabled(true);
    m_prefix->setObjectName(QStringLiteral("searchPrefix"));
    m_prefix->setPlaceholderText(tr("Key literal, e.g. [\"users\"]; empty: the whole database"));
    m_prefix->setToolTip(tr("Only keys below this key are searched, and only their parts "
                            "below it are compared."));
    m_regex->setToolTip(tr("Read the text as a regular expression (Perl syntax); a part "
                           "matches when the expression matches somewhere in it."));
    m_search->setDefault(true);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->hide();
    m_status->setObjectName(QStringLiteral("searchStatus"));
    m_capNote->setObjectName(QStringLiteral("searchCapNote"));
    m_capNote->setWordWrap(true);
    m_capNote->hide();
    m_results->setModel(m_controller->results());
    m_results->setRootIsDecorated(false);
    m_results->setUniformRowHeights(true);
    m_results->setAlternatingRowColors(true);
    m_results->header()->setStretchLastSection(true);
    m_results->setColumnWidth(KeySearchResultModel::KeyColumn, 420);

    auto *textRow = new QHBoxLayout;
    textRow->addWidget(m_text, 1);
    textRow->addWidget(m_regex);
    textRow->addWidget(m_case);
    auto *prefixRow = new QHBoxLayout;
    prefixRow->addWidget(m_prefix, 1);
    prefixRow->addWidget(m_search);
    prefixRow->addWidget(m_cancel);
    auto *form = new QFormLayout;
    form->addRow(tr("Find:"), textRow);
    form->addRow(tr("Under:"), prefixRow);
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_busy);
    statusRow->addWidget(m_status, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_banner);
    layout->addLayout(statusRow);
    layout->addWidget(m_capNote);
    layout->addWidget(m_results, 1);

    connect(m_search, &QPushButton::clicked, this, &KeySearchPane::startSearch);
    connect(m_text, &QLineEdit::returnPressed, this, &KeySearchPane::startSearch);
    connect(m_prefix, &QLineEdit::returnPressed, this, &KeySearchPane::startSearch);
    connect(m_text, &QLineEdit::textChanged, this, &KeySearchPane::updateButtons);
    connect(m_cancel, &QPushButton::clicked, m_controller, &KeySearchController::cancel);
    connect(m_controller, &KeySearchController::progress, this, &KeySearchPane::onProgress);
    connect(m_controller, &KeySearchController::finished, this, &KeySearchPane::onFinished);
    connect(m_results, &QTreeView::activated, this, [this](const QModelIndex &index) {
        if (index.isValid())
            emit keyActivated(m_controller->results()->hitAt(index.row()).key);
    });
    updateButtons();
}

void KeySearchPane::setStore(std::shared_ptr<AsyncKVStore> store)
{
    m_controller->setStore(std::move(store));
    updateButtons();
}

void KeySearchPane::setPrefix(const Key &prefix)
{
    m_prefix->setText(prefix.empty() ? QString() : QString::fromStdString(printKeyLiteral(prefix)));
}

void KeySearchPane::focusText()
{
    m_text->setFocus(Qt::ShortcutFocusReason);
    m_text->selectAll();
}

void KeySearchPane::startSearch()
{
    if (m_text->text().isEmpty() || !m_controller->hasStore())
        return;
    m_banner->hide();
    m_capNote->hide();
    KeySearchQuery query;
    query.text = m_text->text();
    query.regularExpression = m_regex->isChecked();
    query.caseSensitive = m_case->isChecked();
    const QString prefix = m_prefix->text().trimmed();
    if (!prefix.isEmpty()) {
        try {
            query.prefix = parseKeyLiteral(prefix.toStdString());
        } catch (const std::exception &error) {
            m_banner->showMessage(
                tr("The prefix is not a key literal: %1").arg(QString::fromUtf8(error.what())));
            return;
        }
    }
    if (!m_controller->start(query)) {
        m_controller->results()->clear();
        m_status->clear();
        m_banner->showMessage(m_controller->errorText());
        return;
    }
    onProgress(0, 0);
    updateButtons();
}

QString KeySearchPane::errorText() const
{
    return m_banner->message();
}

QString KeySearchPane::statusText() const
{
    return m_status->text();
}

QString KeySearchPane::capNote() const
{
    return m_capNote->isHidden() ? QString() : m_capNote->text();
}

void KeySearchPane::onProgress(long long scanned, long long found)
{
    m_status->setText(tr("%L1 keys scanned, %L2 found…").arg(scanned).arg(found));
}

void KeySearchPane::onFinished(bool cancelled, bool capped)
{
    const long long scanned = m_controller->scanned();
    const int found = m_controller->results()->rowCount();
    if (cancelled)
        m_status->setText(tr("Cancelled: %L1 keys scanned, %L2 found.").arg(scanned).arg(found));
    else
        m_status->setText(tr("Done: %L1 keys scanned, %L2 found.").arg(scanned).arg(found));
    if (!m_controller->errorText().isEmpty())
        m_banner->showMessage(tr("The search stopped: %1").arg(m_controller->errorText()));
    if (capped) {
        m_capNote->setText(tr("Only the first %L1 keys found are listed: the search stopped "
                              "there. Narrow the prefix or the text to see the others.")
                               .arg(found));
        m_capNote->show();
    }
    updateButtons();
}

void KeySearchPane::updateButtons()
{
    const bool running = m_controller->isRunning();
    m_search->setEnabled(!running && m_controller->hasStore() && !m_text->text().isEmpty());
    m_cancel->setEnabled(running);
    m_busy->setVisible(running);
}

} // namespace kvs::ui
