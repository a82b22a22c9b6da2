#pragma once

namespace kvs::ui {

// Adds the built-in pages to PreferencesRegistry: General (language), Key tree, Search, Queues.
// Called once by the registry itself.
void registerStandardPreferencePages();

} // namespace kvs::ui
