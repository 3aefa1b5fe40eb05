/// The board's edits: every operation the page sends to the server, by name. The page spells
/// no operation as a string anywhere else (WebPageTests checks that), so that this file alone
/// says what the page can ask of the server.
export const Edit = Object.freeze({ moveCard: "move", exchangeCards: "exchangeCards", moveColumn: "moveColumn", addCard: "add", duplicateCard: "duplicateCard", setTitle: "rename", removeCard: "delete", setDone: "tick", setSubtask: "subtask", addSubtask: "addSubtask", removeSubtask: "deleteSubtask", renameSubtask: "renameSubtask", moveSubtask: "moveSubtask", setDescription: "describe", setDue: "due", addColumn: "addColumn", renameColumn: "renameColumn", removeColumn: "deleteColumn", undo: "undo", redo: "redo", reload: "reload", overwrite: "overwrite" });
