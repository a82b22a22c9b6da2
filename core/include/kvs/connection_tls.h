#pragma once

#include <string>

namespace kvs {

/// How a connection to PostgreSQL is protected, as libpq says (PQsslInUse, PQsslAttribute): over
/// TLS or in plain text, and then the protocol and cipher. Through a pooler (PgBouncer) it is the
/// connection to the pooler.
struct ConnectionTls
{
    bool encrypted = false;
    std::string protocol; ///< "TLSv1.3"; "" when not encrypted
    std::string cipher;   ///< "TLS_AES_256_GCM_SHA384"; "" when not encrypted

    friend bool operator==(const ConnectionTls &, const ConnectionTls &) = default;
};

} // namespace kvs
