#include "search/search_view.h"

#include "search/key_search_pane.h"
#include "search/value_search_pane.h"

#include <QTabWidget>
#include <QVBoxLayout>

namespace kvs::ui {

SearchView::SearchView(QWidget *parent)
    : QWidget(parent)
    , m_modes(new QTabWidget(this))
    , m_keys(new KeySearchPane(m_modes))
    , m_values(new ValueSearchPane(m_modes))
{
    m_modes->setObjectName(QStringLiteral("searchModes"));
    m_modes->setDocumentMode(true);
    m_keys->setObjectName(QStringLiteral("keySearch"));
    m_values->setObjectName(QStringLiteral("valueSearch"));
    m_modes->addTab(m_keys, tr("Keys"));
    m_modes->addTab(m_values, tr("Values"));
    m_modes->setTabToolTip(0, tr("Keys one of whose parts contains a text"));
    m_modes->setTabToolTip(1,
                           tr("Entries whose value contains a text, matches a regular "
                              "expression or a condition"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_modes);
}

void SearchView::showValues(bool values)
{
    m_modes->setCurrentWidget(values ? static_cast<QWidget *>(m_values)
                                     : static_cast<QWidget *>(m_keys));
}

bool SearchView::showsValues() const
{
    return m_modes->currentWidget() == m_values;
}

} // namespace kvs::ui
