// A table's state follows the server's messages: a whole state, then patches of RFC 6902
// operations (add, replace, remove). The server compares objects key by key and replaces
// anything else whole (kaido/server/messages.py), so a path only ever goes through objects.
// Objects along a changed path are copied: a state once shown is never changed under it.

function unescape(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function applyAt(object, keys, operation) {
  const copy = { ...object };
  const [key, ...rest] = keys;
  if (rest.length) copy[key] = applyAt(object[key], rest, operation);
  else if (operation.op === "remove") delete copy[key];
  else copy[key] = operation.value; // add or replace
  return copy;
}

export function applyPatch(state, operations) {
  return operations.reduce(
    (current, operation) => applyAt(current, operation.path.split("/").slice(1).map(unescape), operation),
    state,
  );
}
