#pragma once

#include <string>
#include <vector>

// `kvs --connection NAME`: a connection saved in KVS Admin, read from its settings file.
namespace kvs::cli {

// args with "--connection NAME" (or "--connection=NAME", before a lone "--") replaced by
// "--db" and the saved connection's path or URL, and by its schema and table prefix unless
// --schema or --table-prefix is given; args as they are without --connection. Throws UsageError
// "kvs: --connection and --db cannot both be given", "kvs: --connection needs a NAME", and
// "kvs: no saved connection is named \"NAME\" (KVS Admin saves them in File > Open Database)".
[[nodiscard]] std::vector<std::string> withSavedConnection(const std::vector<std::string> &args);

} // namespace kvs::cli
