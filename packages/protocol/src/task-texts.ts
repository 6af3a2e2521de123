import { TASK_LIMITS } from './constants';

// Server messages of the task calls (422 field messages and refusals). Kept
// apart from MSG, like MESSAGING_MSG: the web catalogues gain them with the
// Tasks panel.

export const TASK_MSG = {
  groupNameRequired: "Group name can't be empty",
  groupNameTooLong: `Group name is too long (at most ${TASK_LIMITS.groupNameLength} characters)`,
  titleRequired: "Task title can't be empty",
  titleTooLong: `Task title is too long (at most ${TASK_LIMITS.titleLength} characters)`,
  descriptionTooLong: `Description is too long (at most ${TASK_LIMITS.descriptionLength} characters)`,
  subtaskTextRequired: "Subtask text can't be empty",
  subtaskTextTooLong: `Subtask text is too long (at most ${TASK_LIMITS.subtaskTextLength} characters)`,
  tooManyAssignees: `At most ${TASK_LIMITS.assigneesPerTask} assignees per task`,
  dueInvalid: 'Due date must be an ISO-8601 date and time with a time zone',
  nothingToChange: 'Nothing to change',
  notAMember: 'Assignees must be members of this conversation',
  tooManyGroups: `A conversation holds at most ${TASK_LIMITS.groupsPerConversation} task groups`,
  tooManyTasks: `A task group holds at most ${TASK_LIMITS.tasksPerGroup} tasks`,
  tooManySubtasks: `A task holds at most ${TASK_LIMITS.subtasksPerTask} subtasks`,
  siblingNotFound: 'The item to place this after is not in the same list',
  groupNotFound: 'This task group is not in the conversation',
  tasksOff: 'Tasks are turned off in this conversation',
  forbidden: "You can't do this with tasks here",
  messageEmpty: 'This message has no text: give the task a title',
  opReused: 'This op_id was already used for another item',
} as const;
