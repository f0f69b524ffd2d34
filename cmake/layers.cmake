# The layers' include rules, checked when cmake configures: an #include "dir/…" of our own code must
# point down (or stay in its own folder). A wrong-way include stops the configure with the file, the
# line and the rule, before anything compiles.
#
#   engine  → (nothing of ours)          text    → engine
#   link    → engine                     catalog → engine link text
#   report  → engine link text           ui      → engine link text report
#   platform → (nothing of ours: canvas, input, frames, WebGL, fonts; ImGui only)
#   app (the composition roots: the CLI's main, the page's two modules) → any layer
set(GPUSIZER_LAYER_RULES
  "engine:"
  "text:engine"
  "link:engine"
  "catalog:engine,link,text"
  "report:engine,link,text"
  "ui:engine,link,text,report"
  "platform:")

function(gpusizer_check_layers)
  set(problems "")
  foreach(rule ${GPUSIZER_LAYER_RULES})
    string(REPLACE ":" ";" parts "${rule}")
    string(REPLACE "," ";" parts "${parts}")
    list(GET parts 0 layer)
    list(LENGTH parts n)
    set(allowed ${layer})
    if(n GREATER 1)
      list(SUBLIST parts 1 -1 below)
      list(APPEND allowed ${below})
    endif()
    file(GLOB files ${CMAKE_SOURCE_DIR}/src/${layer}/*.cpp ${CMAKE_SOURCE_DIR}/src/${layer}/*.hpp)
    foreach(f ${files})
      file(STRINGS ${f} includes REGEX "^[ \t]*#[ \t]*include[ \t]+\"[a-z_]+/")
      foreach(line ${includes})
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]+\"([a-z_]+)/.*" "\\1" dir "${line}")
        list(FIND allowed ${dir} found)
        if(found EQUAL -1 AND IS_DIRECTORY ${CMAKE_SOURCE_DIR}/src/${dir})
          file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${f})
          string(APPEND problems "\n  ${rel}: ${line}  (${layer} may include: ${allowed})")
        endif()
      endforeach()
    endforeach()
  endforeach()
  if(problems)
    message(FATAL_ERROR "wrong-way includes (cmake/layers.cmake):${problems}")
  endif()
endfunction()
