#!/bin/sh
# Stands in for `java` when CMake's antlr4_generate runs "java -jar antlr4.jar ARGS".
# Debian's antlr4.jar (the 4.7.2 tool) has no Class-Path entry for its runtime dependencies,
# so `-jar` alone fails; run the tool class with the classpath Debian's own /usr/bin/antlr4
# wrapper uses. Any other invocation (e.g. CMake's `java -version` probe) goes to java as is.
if [ "$1" = "-jar" ]; then
  jar="$2"
  shift 2
  exec java -cp "/usr/share/java/stringtemplate4.jar:$jar:/usr/share/java/antlr4-runtime.jar:/usr/share/java/antlr3-runtime.jar:/usr/share/java/treelayout.jar" org.antlr.v4.Tool "$@"
fi
exec java "$@"
