import type { Rubric } from './rubric-types.js';

/**
 * The rubric of seed 004: 6 dimensions, 14 criteria, each with its question and its 0 / 3 / 5 anchors, in
 * English and in the seed's Chinese. All weights are 1: the seed weighs criteria within a dimension but does not
 * publish the weights, so a plain mean is the honest default; pass your own rubric to change them.
 */
export const DEFAULT_RUBRIC: Rubric = {
  id: 'seed-004',
  version: '1.0.0',
  dimensions: [
    {
      id: 'accuracy',
      name: { en: 'Accuracy', zh: '准确性' },
      criteria: [
        {
          id: 'accuracy_factual',
          weight: 1,
          question: {
            en: 'Are facts, file paths and technical details correct?',
            zh: '事实、文件路径和技术细节是否正确？',
          },
          anchors: {
            0: { en: 'Completely wrong or made up', zh: '完全错误或凭空捏造' },
            3: { en: 'Mostly accurate with small errors', zh: '基本准确但有细微错误' },
            5: { en: 'Fully accurate', zh: '完全准确' },
          },
        },
        {
          id: 'accuracy_technical',
          weight: 1,
          question: {
            en: 'Are code references and technical concepts correct?',
            zh: '代码引用和技术概念是否正确？',
          },
          anchors: {
            0: { en: 'Major technical errors', zh: '重大技术错误' },
            3: { en: 'Mostly correct with small issues', zh: '基本正确但有细微问题' },
            5: { en: 'Technically precise', zh: '技术上非常精确' },
          },
        },
      ],
    },
    {
      id: 'context_awareness',
      name: { en: 'Context awareness', zh: '上下文感知' },
      criteria: [
        {
          id: 'context_conversation_state',
          weight: 1,
          question: {
            en: 'Does the answer reflect the current state of the conversation?',
            zh: '响应是否反映了当前的对话状态？',
          },
          anchors: {
            0: { en: 'No awareness of earlier context', zh: '对先前的上下文毫无感知' },
            3: { en: 'General awareness with gaps', zh: '有大致感知但存在缺失' },
            5: { en: 'Full awareness of the conversation history', zh: '对对话历史有充分感知' },
          },
        },
        {
          id: 'context_artifact_state',
          weight: 1,
          question: {
            en: 'Does the answer reflect which files and artifacts were touched?',
            zh: '响应是否反映了访问过哪些文件/产物？',
          },
          anchors: {
            0: { en: 'No awareness of artifacts', zh: '对产物毫无感知' },
            3: { en: 'Partial awareness of artifacts', zh: '部分产物感知' },
            5: { en: 'Complete awareness of artifact state', zh: '完整的产物状态感知' },
          },
        },
      ],
    },
    {
      id: 'artifact_trail',
      name: { en: 'Artifact trail', zh: '产物追踪' },
      criteria: [
        {
          id: 'artifact_files_created',
          weight: 1,
          question: {
            en: 'Does the agent know which files were created?',
            zh: '代理是否知道创建了哪些文件？',
          },
          anchors: {
            0: { en: 'No knowledge', zh: '毫无所知' },
            3: { en: 'Knows most files', zh: '知道大部分文件' },
            5: { en: 'Complete knowledge', zh: '完全掌握' },
          },
        },
        {
          id: 'artifact_files_modified',
          weight: 1,
          question: {
            en: 'Does the agent know which files were modified, and what changed?',
            zh: '代理是否知道修改了哪些文件以及更改了什么？',
          },
          anchors: {
            0: { en: 'No knowledge', zh: '毫无所知' },
            3: { en: 'Good knowledge of most changes', zh: '对大部分修改有良好了解' },
            5: { en: 'Complete knowledge of every change', zh: '对所有修改有完全掌握' },
          },
        },
        {
          id: 'artifact_key_details',
          weight: 1,
          question: {
            en: 'Does the agent remember function names, variable names and error messages?',
            zh: '代理是否记得函数名、变量名、错误消息？',
          },
          anchors: {
            0: { en: 'Recalls none', zh: '无法召回' },
            3: { en: 'Recalls most key details', zh: '能召回大部分关键细节' },
            5: { en: 'Recalls all of them', zh: '完全召回' },
          },
        },
      ],
    },
    {
      id: 'completeness',
      name: { en: 'Completeness', zh: '完整性' },
      criteria: [
        {
          id: 'completeness_coverage',
          weight: 1,
          question: {
            en: 'Does the answer address every part of the question?',
            zh: '响应是否回答了问题的各个部分？',
          },
          anchors: {
            0: { en: 'Ignores most of it', zh: '忽略了大部分内容' },
            3: { en: 'Answers most parts', zh: '回答了大部分内容' },
            5: { en: 'Answers every part fully', zh: '全面回答了所有部分' },
          },
        },
        {
          id: 'completeness_depth',
          weight: 1,
          question: { en: 'Is there enough detail?', zh: '是否提供了足够的细节？' },
          anchors: {
            0: { en: 'Shallow or missing detail', zh: '肤浅或缺失细节' },
            3: { en: 'Enough detail', zh: '细节充分' },
            5: { en: 'Thorough detail', zh: '细节详尽全面' },
          },
        },
      ],
    },
    {
      id: 'continuity',
      name: { en: 'Continuity', zh: '连续性' },
      criteria: [
        {
          id: 'continuity_work_state',
          weight: 1,
          question: {
            en: 'Could the agent go on without fetching again what it had already seen?',
            zh: '代理是否能在不重新获取先前访问信息的情况下继续？',
          },
          anchors: {
            0: {
              en: 'Cannot go on without fetching all context again',
              zh: '不重新获取所有上下文就无法继续',
            },
            3: { en: 'Goes on with a little fetching again', zh: '仅需极少量的重新获取即可继续' },
            5: { en: 'Goes on seamlessly', zh: '可以无缝继续' },
          },
        },
        {
          id: 'continuity_todo_state',
          weight: 1,
          question: {
            en: 'Does the agent keep track of the pending tasks?',
            zh: '代理是否保持对待办任务的感知？',
          },
          anchors: {
            0: { en: 'All todos lost', zh: '丢失了所有 TODO 记录' },
            3: { en: 'Good awareness with some gaps', zh: '感知良好但有些许缺失' },
            5: { en: 'Perfect task awareness', zh: '完美的任务感知' },
          },
        },
        {
          id: 'continuity_reasoning',
          weight: 1,
          question: {
            en: 'Does the agent keep the reasons behind earlier decisions?',
            zh: '代理是否保留了先前决策背后的理由？',
          },
          anchors: {
            0: { en: 'No memory of the reasoning', zh: '对推理过程没有记忆' },
            3: { en: 'Remembers the reasoning broadly', zh: '基本记得推理过程' },
            5: { en: 'Keeps the reasons fully', zh: '出色的理由保留' },
          },
        },
      ],
    },
    {
      id: 'instruction_following',
      name: { en: 'Instruction following', zh: '指令遵循' },
      criteria: [
        {
          id: 'instruction_format',
          weight: 1,
          question: { en: 'Does the answer follow the requested format?', zh: '响应是否遵循了要求的格式？' },
          anchors: {
            0: { en: 'Ignores the format', zh: '忽略格式' },
            3: { en: 'Mostly follows the format', zh: '基本遵循格式' },
            5: { en: 'Follows the format exactly', zh: '完美遵循格式' },
          },
        },
        {
          id: 'instruction_constraints',
          weight: 1,
          question: {
            en: 'Does the answer respect the stated constraints?',
            zh: '响应是否尊重了规定的约束？',
          },
          anchors: {
            0: { en: 'Ignores the constraints', zh: '忽略约束' },
            3: { en: 'Respects most constraints', zh: '大部分尊重约束' },
            5: { en: 'Respects every constraint', zh: '完全尊重所有约束' },
          },
        },
      ],
    },
  ],
};
