#pragma once

#include <QLoggingCategory>

namespace kvs::ui {

// The logging category of kvs_ui, "kvs.ui" (STYLE.md 23).
Q_DECLARE_LOGGING_CATEGORY(lcUi)

} // namespace kvs::ui
