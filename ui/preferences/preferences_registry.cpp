#include "preferences/preferences_registry.h"

#include "preferences/standard_preference_pages.h"

#include <algorithm>
#include <vector>

namespace kvs::ui {

namespace {

struct Entry
{
    int order;
    PreferencesRegistry::Factory factory;
};

std::vector<Entry> &entries()
{
    static std::vector<Entry> registered;
    return registered;
}

// The built-in pages join the first time the list is read, so a view may add its own before
// or after without caring about the order of static initialisation.
void addStandardPagesOnce()
{
    static bool added = false;
    if (added)
        return;
    added = true;
    registerStandardPreferencePages();
}

} // namespace

void PreferencesRegistry::add(int order, Factory factory)
{
    entries().push_back({order, std::move(factory)});
}

QList<PreferencesRegistry::Factory> PreferencesRegistry::pages()
{
    addStandardPagesOnce();
    std::vector<Entry> sorted = entries();
    std::stable_sort(sorted.begin(), sorted.end(), [](const Entry &a, const Entry &b) {
        return a.order < b.order;
    });
    QList<Factory> factories;
    for (const Entry &entry : sorted)
        factories.append(entry.factory);
    return factories;
}

} // namespace kvs::ui
