#include "common/value_type_name.h"

#include <QCoreApplication>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(ValueTypeName)
};

} // namespace

QString valueTypeName(std::optional<Value::Type> type)
{
    if (!type)
        return Tr::tr("unknown");
    switch (*type) {
    case Value::Type::Undefined:
        return Tr::tr("undefined");
    case Value::Type::Null:
        return Tr::tr("null");
    case Value::Type::Boolean:
        return Tr::tr("boolean");
    case Value::Type::Number:
        return Tr::tr("number");
    case Value::Type::String:
        return Tr::tr("string");
    case Value::Type::BigInt:
        return Tr::tr("bigint");
    case Value::Type::Bytes:
        return Tr::tr("bytes");
    case Value::Type::Date:
        return Tr::tr("Date");
    case Value::Type::Array:
        return Tr::tr("array");
    case Value::Type::Object:
        return Tr::tr("object");
    case Value::Type::Map:
        return Tr::tr("Map");
    case Value::Type::Set:
        return Tr::tr("Set");
    }
    return {};
}

} // namespace kvs::ui
