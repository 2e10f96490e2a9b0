# Turn a text file into a C string for the binary (the report's script and style):
#   cmake -DIN=file.js -DOUT=file.c -DNAME=symbol -P scripts/embed.cmake
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}" "/* Generated from ${IN} by scripts/embed.cmake: do not edit. */\n"
     "const char ${NAME}[] = {${bytes}0x00};\n")
