#include <kvs/future.h>

namespace kvs {

std::recursive_mutex &futureLock()
{
    static std::recursive_mutex lock;
    return lock;
}

} // namespace kvs
