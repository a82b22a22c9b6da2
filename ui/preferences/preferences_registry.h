#pragma once

#include <QList>

#include <functional>

class QWidget;

namespace kvs::ui {

class PreferencesPage;

// The pages of the Preferences dialog: each view adds the page of its settings once (a factory
// that makes it for a dialog), and the dialog shows them ordered by their order number, then by
// when they were added. The built-in pages (language, key tree, search, queues) are added the
// first time pages() is asked. Thread rule: GUI thread only.
class PreferencesRegistry
{
public:
    using Factory = std::function<PreferencesPage *(QWidget *parent)>;

    // Adds a page. order: where it goes (the built-in pages use 0, 100, 200, 300).
    static void add(int order, Factory factory);
    // The factories, in the dialog's order.
    static QList<Factory> pages();
};

} // namespace kvs::ui
