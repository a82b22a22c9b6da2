#include "session/view_preferences.h"

#include "preferences/preference_keys.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "session/database_view.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <QSettings>
#include <QSpinBox>

#include <optional>

namespace kvs::ui {

void applyViewPreferences(DatabaseView &view, const QSettings *settings)
{
    std::optional<QSettings> own;
    if (!settings)
        own.emplace();
    const QSettings &stored = settings ? *settings : *own;
    view.tree()->model()->loader()->setPageSize(prefs::treePageSize(stored));
    view.queues()->pollInterval()->setValue(prefs::queuesPollSeconds(stored));
    view.queues()->controller()->setLeaseWindowMs(
        std::int64_t(prefs::queuesLeaseWindowSeconds(stored)) * 1000);
}

} // namespace kvs::ui
