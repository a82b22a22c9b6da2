#include "common/ui_logging.h"

namespace kvs::ui {

Q_LOGGING_CATEGORY(lcUi, "kvs.ui")

} // namespace kvs::ui
