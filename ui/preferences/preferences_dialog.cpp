#include "preferences/preferences_dialog.h"

#include "common/private_settings.h"
#include "preferences/preferences_page.h"
#include "preferences/preferences_registry.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSettings>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

// The caller's settings, or the application's own for this one use.
template <typename Fn>
void withSettings(QSettings *given, Fn &&fn)
{
    if (given) {
        fn(*given);
        return;
    }
    QSettings own;
    fn(own);
}

} // namespace

PreferencesDialog::PreferencesDialog(QWidget *parent, QSettings *settings)
    : QDialog(parent)
    , m_settings(settings)
    , m_list(new QListWidget(this))
    , m_stack(new QStackedWidget(this))
{
    setWindowTitle(tr("Preferences"));
    setObjectName(QStringLiteral("preferencesDialog"));
    m_list->setObjectName(QStringLiteral("preferencesPages"));
    for (const PreferencesRegistry::Factory &factory : PreferencesRegistry::pages()) {
        PreferencesPage *page = factory(m_stack);
        m_pages.append(page);
        m_stack->addWidget(page);
        m_list->addItem(page->title());
    }
    withSettings(m_settings, [this](QSettings &stored) {
        for (PreferencesPage *page : std::as_const(m_pages))
            page->load(stored);
    });
    m_list->setMaximumWidth(m_list->sizeHintForColumn(0) + 4 * m_list->frameWidth() + 24);
    connect(m_list, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    m_list->setCurrentRow(0);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *columns = new QHBoxLayout;
    columns->addWidget(m_list);
    columns->addWidget(m_stack, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(buttons);
    resize(620, 360);
}

PreferencesDialog::~PreferencesDialog() = default;

PreferencesPage *PreferencesDialog::page(const QString &title) const
{
    for (PreferencesPage *page : m_pages) {
        if (page->title() == title)
            return page;
    }
    return nullptr;
}

void PreferencesDialog::showPage(int index)
{
    m_list->setCurrentRow(index);
}

void PreferencesDialog::accept()
{
    withSettings(m_settings, [this](QSettings &stored) {
        for (PreferencesPage *page : std::as_const(m_pages))
            page->save(stored);
        syncPrivately(stored);
    });
    emit saved();
    QDialog::accept();
}

} // namespace kvs::ui
