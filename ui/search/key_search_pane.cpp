#include "search/key_search_pane.h"

#include "preferences/preference_keys.h"
#include "search/key_search_controller.h"
#include "search/key_search_result_model.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTreeView>
#include <QVBoxLayout>

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
    , m_results(new QTreeView(this))
    , m_run(this, m_controller, m_text, m_prefix, m_search, m_cancel, m_results)
{
    m_controller->setMaxResults(prefs::searchMaxResults(QSettings()));
    m_text->setObjectName(QStringLiteral("searchText"));
    m_text->setPlaceholderText(tr("Text a key part contains"));
    m_prefix->setObjectName(QStringLiteral("searchPrefix"));
    m_prefix->setPlaceholderText(tr("Key literal, e.g. [\"users\"]; empty: the whole database"));
    m_prefix->setToolTip(tr("Only keys below this key are searched, and only their parts "
                            "below it are compared."));
    m_regex->setToolTip(tr("Read the text as a regular expression (Perl syntax); a part "
                           "matches when the expression matches somewhere in it."));
    m_run.status()->setObjectName(QStringLiteral("searchStatus"));
    m_run.capNote()->setObjectName(QStringLiteral("searchCapNote"));
    m_run.setUp(this, m_controller->results());
    m_results->header()->setStretchLastSection(true);
    m_results->setColumnWidth(KeySearchResultModel::KeyColumn, 420);

    auto *textRow = new QHBoxLayout;
    textRow->addWidget(m_text, 1);
    textRow->addWidget(m_regex);
    textRow->addWidget(m_case);
    auto *form = new QFormLayout;
    form->addRow(tr("Find:"), textRow);
    form->addRow(tr("Under:"), m_run.prefixRow());
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    m_run.addStatus(layout);
    layout->addWidget(m_results, 1);

    connect(m_text, &QLineEdit::textChanged, this, &KeySearchPane::updateButtons);
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

void KeySearchPane::startSearch()
{
    if (m_text->text().isEmpty() || !m_controller->hasStore())
        return;
    KeySearchQuery query;
    query.text = m_text->text();
    query.regularExpression = m_regex->isChecked();
    query.caseSensitive = m_case->isChecked();
    if (!m_run.readPrefix(query.prefix, tr("The prefix is not a key literal: %1")))
        return;
    if (!m_controller->start(query)) {
        m_controller->results()->clear();
        m_run.showRefusal();
        return;
    }
    onProgress(0, 0);
    updateButtons();
}

void KeySearchPane::onProgress(long long scanned, long long found)
{
    m_run.status()->setText(tr("%L1 keys scanned, %L2 found…").arg(scanned).arg(found));
}

void KeySearchPane::onFinished(bool cancelled, bool capped)
{
    const long long scanned = m_controller->scanned();
    const int found = m_controller->results()->rowCount();
    const QString status = cancelled ? tr("Cancelled: %L1 keys scanned, %L2 found.")
                                     : tr("Done: %L1 keys scanned, %L2 found.");
    m_run.showEnd(status.arg(scanned).arg(found),
                  capped,
                  tr("Only the first %L1 keys found are listed: the search stopped "
                     "there. Narrow the prefix or the text to see the others.")
                      .arg(found),
                  tr("The search stopped: %1"));
    updateButtons();
}

void KeySearchPane::updateButtons()
{
    m_run.showRunning(!m_text->text().isEmpty());
}

} // namespace kvs::ui
