-- Shared by the books' pandoc Lua filters (loaded with dofile, see their clean.lua):
-- definition lists are not GFM, so each becomes a bullet list of "**term**: definition" items.
return function(el)
  local items = {}
  for _, item in ipairs(el.content) do
    local term, defs = item[1], item[2]
    local blocks = {}
    for _, def in ipairs(defs) do
      for _, b in ipairs(def) do table.insert(blocks, b) end
    end
    local first = blocks[1]
    if first and (first.t == "Para" or first.t == "Plain") then
      local inl = { pandoc.Strong(term), pandoc.Str(":"), pandoc.Space() }
      for _, x in ipairs(first.content) do table.insert(inl, x) end
      blocks[1] = pandoc.Plain(inl)
    else
      table.insert(blocks, 1, pandoc.Plain({ pandoc.Strong(term) }))
    end
    table.insert(items, blocks)
  end
  return pandoc.BulletList(items)
end
