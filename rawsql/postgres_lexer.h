#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kvs::rawsql {

// One token of a PostgreSQL statement, as the server's lexer (src/backend/parser/scan.l) cuts
// the text. Comments are dropped; string constants, dollar-quoted strings, numbers and
// parameters keep only their kind: what the console's read-only check looks at are the words.
struct PostgresToken
{
    enum class Kind {
        Word,       // a key word or an unquoted identifier, folded to lower case as the server does
        QuotedWord, // a "quoted" or U&"quoted" identifier, as written (escapes decoded)
        String,     // '...', E'...', B'...', X'...', N'...', U&'...', $tag$...$tag$
        Number,
        Parameter, // $1
        Symbol,    // one character of an operator or punctuation: ( ) , ; . :: and so on
    };
    Kind kind = Kind::Symbol;
    std::string text; // Word and QuotedWord: the name; Symbol: the character; else empty
    std::size_t offset = 0;

    bool isWord(std::string_view word) const { return kind == Kind::Word && text == word; }
    bool isSymbol(char c) const { return kind == Kind::Symbol && text.size() == 1 && text[0] == c; }
};

// The tokens of text. standardConformingStrings is the server's setting of that name: off, a
// backslash in a plain '...' string escapes the next character (as in E'...'). Follows the
// server's rules where they decide what is a word and what is inside a string or a comment:
// nested /* */ comments, -- comments, '' inside strings, string continuation over a newline,
// $tag$ quotes (not inside an identifier, where $ is a letter), U&"..." identifiers with their
// \XXXX and \+XXXXXX escapes and UESCAPE, bytes above 0x7f as letters. Text the server would
// refuse (an unterminated string or comment) ends the last token; the server refuses it anyway.
// Thread rule: a pure function, safe from any thread.
std::vector<PostgresToken> lexPostgres(std::string_view text, bool standardConformingStrings);

} // namespace kvs::rawsql
