#include "common/private_settings.h"

#include <kvs/saved_connections.h>

namespace kvs::ui {

void syncPrivately(QSettings &settings)
{
    kvs::syncOwnerOnly(settings);
}

} // namespace kvs::ui
