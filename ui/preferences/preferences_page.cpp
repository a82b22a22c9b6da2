#include "preferences/preferences_page.h"

namespace kvs::ui {

PreferencesPage::PreferencesPage(QWidget *parent)
    : QWidget(parent)
{}

PreferencesPage::~PreferencesPage() = default;

} // namespace kvs::ui
