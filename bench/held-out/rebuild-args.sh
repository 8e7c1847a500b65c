# The argument check every book's rebuild/rebuild.sh shares. Sourced right after the script sets
# HERE (its own folder):  . "$HERE/../../rebuild-args.sh"
# Exactly one argument, the folder to write OUT_DIR/docs/*.md into.
if [ "$#" -ne 1 ]; then
    echo "usage: $0 OUT_DIR" >&2
    exit 2
fi
OUT_DIR=$1
